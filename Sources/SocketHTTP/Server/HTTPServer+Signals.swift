import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPServer {
    /// Makes SIGINT and SIGTERM shut the server down gracefully: `waitUntilStopped()` then
    /// returns and the executable can exit 0. Call once, after `start()` and before telling
    /// anyone the server is up: from the moment this returns, a signal stops it gracefully.
    ///
    /// The C handler only writes to a pipe; the shutdown runs on a thread of its own, so it may
    /// take locks and join threads (a C signal handler may not).
    public func installSignalHandlers(grace: Duration = .seconds(10), signals: [Int32] = [SIGINT, SIGTERM]) {
        SignalWatcher.watch(signals) { [self] number in
            // A quiet server (no server log) stops silently.
            if configuration.serverLog { AccessLog.write("restlite: received signal \(number)") }
            PosixThread.spawn(name: "restlite-shutdown") { self.shutdown(grace: grace) }
        }
    }
}
