import Foundation
import PlatformSupport

/// How a child process ended.
public enum ChildExit: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)

    /// Waits, at most `timeout`, for a child started with Foundation's `Process` to end, and
    /// returns how it ended (nil when it is still running at the deadline).
    ///
    /// `Process.waitUntilExit` and `terminationHandler` learn of the end only when every copy of
    /// a socket the child inherits is closed. A process started at the same moment by another
    /// thread (another test's child, a PostgreSQL server that lives until the end of the run)
    /// can inherit that copy too, and then Foundation never hears of the end: the wait hangs
    /// with the child a zombie. This asks the kernel instead (`waitpid` with `WNOHANG`, a few
    /// milliseconds apart), so a wait ends when the child does, and never after `timeout`.
    /// Foundation's own wait finds the child already collected and goes on.
    public static func wait(for process: Process, timeout: Duration = .seconds(60)) -> ChildExit? {
        let deadline = ContinuousClock.now + timeout
        let pid = process.processIdentifier
        while true {
            if !process.isRunning { return foundations(process) }
            switch ChildProcess.look(at: pid) {
            case .ended(.exited(let code)): return .exited(code)
            case .ended(.signaled(let signal)): return .signalled(signal)
            case .notAChild:
                // Foundation collected it first: its status arrives with `isRunning`.
                let late = ContinuousClock.now + .seconds(5)
                while process.isRunning && ContinuousClock.now < late { usleep(1_000) }
                return process.isRunning ? nil : foundations(process)
            case .running:
                if ContinuousClock.now >= deadline { return nil }
                usleep(2_000)
            }
        }
    }

    private static func foundations(_ process: Process) -> ChildExit {
        process.terminationReason == .exit
            ? .exited(process.terminationStatus) : .signalled(process.terminationStatus)
    }

    /// The exit code, or nil for a child ended by a signal.
    public var code: Int32? {
        if case .exited(let code) = self { return code }
        return nil
    }
}

extension FileHandle {
    /// What is left to read, until the end of the stream or `timeout`, whichever comes first: a
    /// pipe's end that another process inherited may never report its end.
    public func readRemaining(timeout: Duration) -> Data {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return data }
            let descriptor = PlatformSupport.FileDescriptor(rawValue: fileDescriptor, path: "a child's pipe")
            let milliseconds = Int32(min(left.components.seconds * 1_000 + 1, 1_000))
            guard descriptor.waitUntilReadable(milliseconds: milliseconds) else { continue }
            guard let count = try? chunk.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0
            else {
                return data
            }
            data.append(contentsOf: chunk[..<count])
        }
    }
}
