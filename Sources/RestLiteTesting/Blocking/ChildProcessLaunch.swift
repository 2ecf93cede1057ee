import Foundation

/// Starts the test process's children one at a time. On Linux, Foundation's `Process` learns
/// that a child ended when a socket it hands to the child closes, and its pipes end when their
/// write ends close; a descriptor is closed in a child only if it existed when that child's
/// start began. Two children started at the same moment on two threads can each inherit the
/// other's socket or pipe end; if one of them lives on (the kept Pillow process, a server), the
/// other is never reaped and its output never ends: a test waits forever (and Swift Testing's
/// exit-test monitor spins on the unreaped child). Every child a test starts is made (its pipes
/// included) and started inside ``serialized(_:)``.
///
/// ```swift
/// let (process, output) = try ChildProcessLaunch.serialized {
///     let process = Process(), output = Pipe()
///     process.standardOutput = output
///     try process.run()
///     return (process, output)
/// }
/// ```
public enum ChildProcessLaunch {
    private static let lock = NSLock()

    /// Runs `body` (which makes pipes and starts children) while no other test starts one.
    public static func serialized<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
