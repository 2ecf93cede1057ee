import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPServer {
    /// Makes SIGINT and SIGTERM shut the server down gracefully: `waitUntilStopped()` then
    /// returns and the executable can exit 0. Call once, after `start()`.
    ///
    /// The signals' default action is disabled and they are delivered through dispatch
    /// sources, so the handler may take locks and join threads (a C signal handler may not).
    public func installSignalHandlers(grace: Duration = .seconds(10), signals: [Int32] = [SIGINT, SIGTERM]) {
        let sources = signals.map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                AccessLog.write("restlite: received signal \(number)")
                DispatchQueue.global().async { self.shutdown(grace: grace) }
            }
            source.resume()
            return source
        }
        stateForSignals { $0.signalSources.append(contentsOf: sources) }
    }
}
