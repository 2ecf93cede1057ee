import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on POSIX sockets.
///
/// ```swift
/// var router = Router()
/// router.get("/hello") { _ in .text(.ok, "hi") }
/// let server = HTTPServer(configuration: .init(port: 0), responder: router.freeze())
/// let port = try server.start()
/// server.installSignalHandlers()   // SIGINT/SIGTERM -> graceful shutdown
/// server.waitUntilStopped()
/// ```
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let state = ServerState()

    public init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(), responder: any HTTPResponder
    ) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Binds and listens without serving yet, so the port is known (and held) before `start`:
    /// connections wait in the backlog until then. Returns the bound port; `shutdown` releases
    /// it when the server never starts.
    @discardableResult
    public func bind() throws -> Int {
        try state.withLock { state in
            guard case .idle = state.phase else { throw SocketError(call: "bind", errno: EALREADY) }
            let listener = try ListeningSocket.bind(
                host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            state.phase = .bound(listener)
            return listener.port
        }
    }

    /// Binds (unless `bind` did), listens and starts the worker threads; returns the bound port.
    /// Throws `SocketError` (e.g. `bind() failed: Address already in use (errno 98)`).
    @discardableResult
    public func start() throws -> Int {
        try state.withLock { state in
            let listener: ListeningSocket
            switch state.phase {
            case .idle:
                listener = try ListeningSocket.bind(
                    host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            case .bound(let bound):
                listener = bound
            default:
                throw SocketError(call: "start", errno: EALREADY)
            }
            let limit = FileLimit.raise()
            let runtime: ServerRuntime
            do {
                runtime = try ServerRuntime(
                    configuration: configuration, responder: responder, listener: listener,
                    fileLimit: limit.soft)
            } catch {
                System.close(listener.fd)
                state.phase = .idle
                throw error
            }
            runtime.start()
            state.phase = .running(runtime)
            runtime.log(
                "listening on \(configuration.host) port \(listener.port), \(configuration.workerThreads) workers, "
                    + "open-file limit \(limit.soft) (hard \(limit.hard))")
            return listener.port
        }
    }

    /// The bound port once started (0 before).
    public var port: Int {
        state.withLock { state in
            switch state.phase {
            case .running(let runtime): return runtime.listener.port
            case .bound(let listener): return listener.port
            default: return state.lastPort
            }
        }
    }

    /// Worker threads started so far (the configured pool plus any the stall watch added); 0
    /// when not running.
    package var workerCount: Int {
        state.withLock { state in
            guard case .running(let runtime) = state.phase else { return 0 }
            return runtime.workerCount
        }
    }

    /// How often the stall watch found every worker inside a handler at the end of its interval
    /// (`HTTPServerConfiguration.workerStall`); 0 when not running.
    package var busyStallChecks: Int {
        state.withLock { state in
            guard case .running(let runtime) = state.phase else { return 0 }
            return runtime.busyStallChecks
        }
    }

    /// Response bytes held in memory now for clients that have not taken them
    /// (`HTTPServerConfiguration.maxQueuedBytes`); 0 when not running.
    package var queuedResponseBytes: Int {
        state.withLock { state in
            guard case .running(let runtime) = state.phase else { return 0 }
            return runtime.table.queuedBytes
        }
    }

    /// Stops accepting, lets requests in flight finish (up to `grace`), closes every
    /// connection and stops the threads. Blocks until done; later calls return at once.
    public func shutdown(grace: Duration = .seconds(10)) {
        let runtime: ServerRuntime? = state.withLock { state in
            if case .bound(let listener) = state.phase {
                System.close(listener.fd)
                state.lastPort = listener.port
                state.phase = .stopped
                return nil
            }
            guard case .running(let runtime) = state.phase else { return nil }
            state.phase = .stopping
            state.lastPort = runtime.listener.port
            return runtime
        }
        guard let runtime else {
            waitUntilStopped()
            return
        }
        runtime.log("shutting down (grace \(grace))")
        runtime.drain(grace: grace)
        runtime.log("stopped")
        state.withLock { $0.phase = .stopped }
    }

    /// Blocks until `shutdown` has completed (returns at once if never started).
    public func waitUntilStopped() {
        state.waitUntil { state in
            switch state.phase {
            case .idle, .bound, .stopped: return true
            case .running, .stopping: return false
            }
        }
    }
}

/// The lifecycle of a server behind one condition lock.
///
/// `@unchecked Sendable`: `storage` is only read or written inside `condition`.
final class ServerState: @unchecked Sendable {
    enum Phase {
        case idle
        /// Listening, not serving yet (`bind()`).
        case bound(ListeningSocket)
        case running(ServerRuntime)
        case stopping
        case stopped
    }

    struct Storage {
        var phase = Phase.idle
        var lastPort = 0
    }

    private let condition = PosixCondition()
    private var storage = Storage()

    func withLock<Result>(_ body: (inout Storage) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&storage)
    }

    func waitUntil(_ predicate: (Storage) -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while !predicate(storage) { condition.wait() }
    }
}
