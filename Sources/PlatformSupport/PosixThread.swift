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

    /// Runs `body` on a new detached thread named `name` (on Darwin).
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
                // Glibc's pthread_setname_np is not visible to Swift; Linux threads stay unnamed.
                #if canImport(Darwin)
                    _ = pthread_setname_np(start.name)
                #endif
                start.body()
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
