#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs another program to its end with `posix_spawn` and `waitpid`: standard input from
/// `/dev/null`, standard output and error into one file, no other descriptor inherited. Unlike Foundation's `Process` it does
/// not wait for the child's output pipes to close, so a child that leaves a daemon running
/// with inherited descriptors (`pg_ctl start`) still counts as finished when it exits.
package enum ChildProcess {
    /// How a child ended.
    package enum Outcome: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// Exited normally with status 0.
        package var succeeded: Bool { self == .exited(0) }

        /// From `waitpid`'s status word: the low 7 bits are the signal (0: exited), the next byte
        /// the exit code.
        package init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        }
    }

    /// What a look at a child of this process (without waiting) found.
    package enum Look: Sendable, Equatable {
        case running
        /// It had ended; it is collected now.
        case ended(Outcome)
        /// Not a child to collect (already collected by someone else).
        case notAChild
    }

    /// Collects `pid` if it has ended, without waiting (`waitpid` with `WNOHANG`).
    package static func look(at pid: Int32) -> Look {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return .ended(Outcome(waitStatus: status)) }
            if reaped == 0 { return .running }
            if errno != EINTR { return .notAChild }
        }
    }

    /// The program could not be started (`posix_spawn`'s error).
    package struct SpawnError: Error, Sendable, CustomStringConvertible {
        package let path: String
        package let code: Int32

        package var description: String { "cannot start \(path) (error \(code))" }
    }

    /// Runs `path` with `arguments` (not counting the program's own name) in this process's
    /// environment, its output and errors written to `outputPath`; returns when it has ended.
    package static func run(_ path: String, _ arguments: [String], outputPath: String) throws(SpawnError)
        -> Outcome
    {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // Nothing else of this process reaches the child (nor a daemon it leaves running): a pipe
        // or a socket inherited there would never report its end to whoever waits for it. On
        // macOS `POSIX_SPAWN_CLOEXEC_DEFAULT`; on Linux every descriptor open now is closed.
        #if canImport(Darwin)
            var attributes: posix_spawnattr_t? = nil
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
            let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        #else
            for descriptor in FileSystem.list("/proc/self/fd").compactMap({ Int32($0) }) where descriptor > 2
            {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
            let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        #endif
        guard spawned == 0 else { throw SpawnError(path: path, code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Outcome(waitStatus: status)
    }

    private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
            UnsafePointer(_NSGetEnviron()?.pointee)
        #else
            UnsafePointer(environ)
        #endif
    }
}
