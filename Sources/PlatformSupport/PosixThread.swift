#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts detached pthreads (the server's workers, the client's blocking requests), in place of
/// Foundation's `Thread`.
package enum PosixThread {
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        /// Names the new thread, then runs the body on it.
        func run() {
            #if canImport(Darwin)
                _ = pthread_setname_np(name)
            #else
                PosixThread.nameThisThread(name)
            #endif
            body()
        }
    }

    /// The calling thread's identifier, unique among the process's running threads.
    package static var current: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// Gives the rest of the calling thread's time slice to another thread (a short spin's wait).
    package static func yield() {
        _ = sched_yield()
    }

    /// Names the calling thread on Linux, as `top -H`, `perf` and `/proc/PID/task/*/comm` show
    /// it: Glibc's `pthread_setname_np` is not visible to Swift, so the name is written to
    /// `/proc/thread-self/comm`, cut to the kernel's 15 bytes at a character boundary. Without
    /// `/proc` the thread keeps the name it was born with (its creator's).
    static func nameThisThread(_ name: String) {
        var shown = Substring(name)
        while shown.utf8.count > 15 { shown = shown.dropLast() }
        guard let file = try? FileDescriptor.open("/proc/thread-self/comm", .truncate) else { return }
        defer { file.close() }
        try? file.writeAll(Array(shown.utf8))
    }

    /// Runs `body` on a new detached thread named `name`.
    package static func spawn(name: String, _ body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread, nil,
            { argument in
                // Optional on Glibc, non-optional on Darwin: the cast compiles on both.
                let start = Unmanaged<Start>.fromOpaque((argument as UnsafeMutableRawPointer?)!)
                    .takeRetainedValue()
                start.run()
                return nil
            }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            fatalError("pthread_create failed (\(result)) for \(name)")
        }
        #if canImport(Glibc)
            pthread_detach(thread)
        #else
            if let thread { pthread_detach(thread) }
        #endif
    }
}
