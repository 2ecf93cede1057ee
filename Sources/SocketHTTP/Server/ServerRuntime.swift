import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running machinery of one server: a fixed pool of worker threads in leader/follower
/// over one one-shot poller, plus a sweeper thread for timeouts. See docs/ARCHITECTURE.md.
///
/// `@unchecked Sendable`: the stored properties are immutable after `init` except
/// `listenerClosed` and `runningThreads`, both guarded by `lifecycleLock`. Connection objects
/// are owned by one thread at a time (see `Connection`); shared slots live in
/// `ConnectionTable` (atomics plus its own lock).
final class ServerRuntime: @unchecked Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let listener: ListeningSocket
    let poller: Poller
    let table: ConnectionTable
    let streams: StreamScheduler
    let headerTimeout: Int64
    let idleTimeout: Int64
    let bodyTimeout: Int64
    /// Where spooled request bodies go (`HTTPServerConfiguration.spoolDirectory`, resolved once).
    let spoolDirectory: String
    let requestIDPrefix = String(UInt16.random(in: 0...UInt16.max), radix: 16)

    /// Held while a worker accepts, and by `closeListener`, so the listening descriptor is
    /// never used after close.
    private let listenerLock = PosixCondition()
    private var listenerClosed = false
    private let lifecycleLock = PosixCondition()
    private var runningThreads = 0
    private var stopping = false
    /// The stall watch's counters (C atomics), on cache lines of their own
    /// (`cel_cells_allocate`): `workersStarted`, `watchArmed` and `busyChecks`, read by every
    /// request and seldom written, on one line; `handlersBusy` and `handlersFinished`, written
    /// by every request, on the next, so those writes do not make each read of the first miss.
    private let handlerCounts: UnsafeMutablePointer<Int64> =
        cel_cells_allocate(2 * Int64(CEL_CELLS_PER_LINE))!
    /// Workers started.
    private var workersStarted: UnsafeMutablePointer<Int64> { handlerCounts }
    /// The stall watch armed (1) or not (0).
    private var watchArmed: UnsafeMutablePointer<Int64> { handlerCounts + 1 }
    /// The stall watch's looks that found every worker busy.
    private var busyChecks: UnsafeMutablePointer<Int64> { handlerCounts + 2 }
    /// Workers inside a handler.
    private var handlersBusy: UnsafeMutablePointer<Int64> { handlerCounts + Int(CEL_CELLS_PER_LINE) }
    /// Handlers finished.
    private var handlersFinished: UnsafeMutablePointer<Int64> { handlerCounts + Int(CEL_CELLS_PER_LINE) + 1 }
    /// Where the stall watch sleeps until armed (see `respondCounted`).
    private let stallLock = PosixCondition()

    init(
        configuration: HTTPServerConfiguration, responder: any HTTPResponder, listener: ListeningSocket,
        fileLimit: Int
    ) throws(SocketError) {
        self.configuration = configuration
        self.responder = responder
        self.listener = listener
        self.poller = try Poller()
        self.streams = try StreamScheduler(poller: poller)
        self.table = ConnectionTable(capacity: max(fileLimit, 1024))
        self.headerTimeout = configuration.headerTimeout.milliseconds
        self.idleTimeout = configuration.idleTimeout.milliseconds
        self.bodyTimeout = configuration.bodyTimeout.milliseconds
        self.spoolDirectory = configuration.resolvedSpoolDirectory
        try poller.add(listener.fd, token: Poller.listenerToken)
    }

    deinit { cel_cells_free(handlerCounts) }

    /// Starts the workers and the sweeper.
    func start() {
        streams.wakeSweeper = { [weak self] in self?.wakeSweeperForStreams() }
        for _ in 0..<max(1, configuration.workerThreads) { spawnWorker() }
        spawn(name: "http-sweeper") { $0.sweeperLoop() }
        spawn(name: "http-stall-watch") { $0.stallWatchLoop() }
    }

    private func spawnWorker() {
        let index = cel_atomic_add(workersStarted, 1) - 1
        spawn(name: "http-worker-\(index)") { $0.workerLoop() }
    }

    /// Runs the responder, counted. When this handler leaves no worker waiting for events, the
    /// stall watch is armed: if every worker is still inside a handler and none has finished one
    /// for `configuration.workerStall`, another worker starts (up to `maxWorkerThreads`), so cheap requests
    /// are still answered while slow ones run. Busy moments of fast handlers (every worker in a
    /// handler for a few microseconds under load) finish handlers all the time and start nothing.
    func respondCounted(to request: HTTPRequest, by responder: any HTTPResponder) -> HTTPResponse {
        let busy = cel_atomic_add(handlersBusy, 1)
        configuration.handlerGauge?.enter()
        defer {
            configuration.handlerGauge?.leave()
            _ = cel_atomic_add(handlersBusy, -1)
            _ = cel_atomic_add(handlersFinished, 1)
        }
        if busy >= cel_atomic_load(workersStarted), cel_atomic_load(watchArmed) == 0 { armStallWatch() }
        return responder.respond(to: request)
    }

    /// Worker threads started so far.
    var workerCount: Int { Int(cel_atomic_load(workersStarted)) }

    /// How often the stall watch, at the end of an interval, found every worker inside a handler
    /// (and then started one only if no handler had finished meanwhile).
    var busyStallChecks: Int { Int(cel_atomic_load(busyChecks)) }

    private func armStallWatch() {
        stallLock.lock()
        defer { stallLock.unlock() }
        if cel_atomic_load(watchArmed) == 0 {
            cel_atomic_store(watchArmed, 1)
            stallLock.signal()
        }
    }

    /// Sleeps until armed; then, every `configuration.workerStall` while every worker is busy, starts a
    /// worker when no handler finished during the interval. Disarms when a worker is free.
    private func stallWatchLoop() {
        stallLock.lock()
        defer { stallLock.unlock() }
        while !isStopping {
            if cel_atomic_load(watchArmed) == 0 {
                stallLock.wait()
                continue
            }
            let finished = cel_atomic_load(handlersFinished)
            stallLock.wait(milliseconds: Int(max(1, configuration.workerStall.milliseconds)))
            let workers = cel_atomic_load(workersStarted)
            guard cel_atomic_load(handlersBusy) >= workers else {
                cel_atomic_store(watchArmed, 0)
                continue
            }
            _ = cel_atomic_add(busyChecks, 1)
            if cel_atomic_load(handlersFinished) == finished { growWorkers() }
        }
    }

    private func growWorkers() {
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        let workers = cel_atomic_load(workersStarted)
        guard !stopping, workers < Int64(configuration.maxWorkerThreads),
            cel_atomic_load(handlersBusy) >= workers
        else { return }
        _ = cel_atomic_add(workersStarted, 1)
        runningThreads += 1
        PosixThread.spawn(name: "http-worker-\(workers)") { [self] in
            workerLoop()
            lifecycleLock.lock()
            runningThreads -= 1
            lifecycleLock.broadcast()
            lifecycleLock.unlock()
        }
    }

    private func spawn(name: String, _ body: @escaping @Sendable (ServerRuntime) -> Void) {
        lifecycleLock.lock()
        runningThreads += 1
        lifecycleLock.unlock()
        PosixThread.spawn(name: name) { [self] in
            body(self)
            lifecycleLock.lock()
            runningThreads -= 1
            lifecycleLock.broadcast()
            lifecycleLock.unlock()
        }
    }

    private func workerLoop() {
        var context = WorkerContext(responder: responder.replica())
        defer { context.release() }
        while true {
            let event = poller.waitOne()
            switch event.token {
            case Poller.wakeToken:
                if isStopping { return }
            case Poller.listenerToken:
                acceptConnections()
            case StreamScheduler.token:
                streams.serviceWakeUp()
            default:
                serve(Connection.from(token: event.token), context: &context)
            }
        }
    }

    private var isStopping: Bool {
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        return stopping
    }

    /// Shuts down connections past their deadline, four times a second, and hands streams whose
    /// socket was full back to the writers when their retry delay is up.
    private func sweeperLoop() {
        let tick = max(10, min(250, min(headerTimeout, idleTimeout, bodyTimeout) / 4))
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        var nextSweep = System.monotonicMilliseconds() + tick
        var nextRetry = Int64.max
        while !stopping {
            let wait = min(nextSweep, nextRetry) - System.monotonicMilliseconds()
            if wait > 0 { _ = lifecycleLock.wait(milliseconds: Int(wait)) }
            let now = System.monotonicMilliseconds()
            if now >= nextSweep {
                table.sweep(now: now)
                nextSweep = now + tick
            }
            nextRetry = streams.retryDue(now: now) ?? .max
        }
    }

    /// A blocked stream is due before the sweeper planned to wake.
    private func wakeSweeperForStreams() {
        lifecycleLock.lock()
        lifecycleLock.broadcast()
        lifecycleLock.unlock()
    }

    /// Accepts what is queued (bounded, so one thread does not accept forever), then re-arms.
    private func acceptConnections() {
        listenerLock.lock()
        defer { listenerLock.unlock() }
        guard !listenerClosed else { return }
        for _ in 0..<256 {
            guard acceptOne() else { break }
        }
        do {
            try poller.rearm(listener.fd, token: Poller.listenerToken)
        } catch {
            log("cannot re-arm the listening socket: \(error)")
        }
    }

    /// Accepts one connection; false when nothing more is queued (or accept must back off).
    private func acceptOne() -> Bool {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Self.accept(listener.fd, $0, &length) }
        }
        guard fd >= 0 else { return acceptFailed(System.errno) }
        _ = System.setOption(fd, System.tcpProtocol, TCP_NODELAY, 1)
        let connection = Connection(
            fd: fd, remoteAddress: SocketAddress.describe(&storage), limits: configuration.limits)
        guard table.open(fd, deadline: System.monotonicMilliseconds() + headerTimeout) else {
            System.close(fd)
            return true
        }
        let token = UInt64(UInt(bitPattern: Unmanaged.passRetained(connection).toOpaque()))
        do {
            try poller.add(fd, token: token)
        } catch {
            Unmanaged<Connection>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(token))!).release()
            table.close(fd)
        }
        return true
    }

    private func acceptFailed(_ code: Int32) -> Bool {
        switch code {
        case EINTR, ECONNABORTED: return true
        case EMFILE, ENFILE:
            // Out of descriptors: give the sweeper and closing connections a moment.
            log("accept(): \(SocketError(call: "accept", errno: code)); backing off")
            usleep(10_000)
            return false
        default: return false
        }
    }

    private static func accept(
        _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) -> Int32 {
        #if canImport(Glibc)
            return cel_accept(fd, address, length)
        #else
            let client = Darwin.accept(fd, address, length)
            if client >= 0 {
                System.setNonBlocking(client)
                _ = System.setOption(client, SOL_SOCKET, SO_NOSIGPIPE, 1)
            }
            return client
        #endif
    }

    func log(_ message: String) {
        guard configuration.serverLog else { return }
        AccessLog.write("restlite: \(message)")
    }
}

extension ServerRuntime {
    /// Stops accepting: the listening socket is closed while no worker is using it.
    func closeListener() {
        listenerLock.lock()
        defer { listenerLock.unlock() }
        guard !listenerClosed else { return }
        listenerClosed = true
        System.close(listener.fd)
    }

    /// Drains: no new connections, idle ones closed, in-flight requests finish and their
    /// connections close; after `grace` everything left is shut down. Then the threads stop.
    func drain(grace: Duration) {
        table.startDraining()
        closeListener()
        let deadline = System.monotonicMilliseconds() + grace.milliseconds
        // Idle connections go now. Busy ones and those mid-request (or mid-response) finish
        // their request, see the draining flag and close themselves.
        table.shutdown { state, _ in state == .idle }
        if !table.waitUntilEmpty(deadline: deadline) {
            table.shutdown { _, _ in true }
            _ = table.waitUntilEmpty(deadline: System.monotonicMilliseconds() + 1000)
        }
        stopThreads(deadline: System.monotonicMilliseconds() + 2000)
    }

    private func stopThreads(deadline: Int64) {
        lifecycleLock.lock()
        stopping = true
        lifecycleLock.broadcast()
        lifecycleLock.unlock()
        stallLock.withLock { stallLock.broadcast() }
        poller.wakeAll()
        lifecycleLock.lock()
        defer { lifecycleLock.unlock() }
        while runningThreads > 0 {
            let remaining = deadline - System.monotonicMilliseconds()
            guard remaining > 0 else {
                log("\(runningThreads) threads still busy in handlers at shutdown")
                return
            }
            _ = lifecycleLock.wait(milliseconds: Int(remaining))
        }
        // Only once no thread can wait on it any more.
        poller.close()
        streams.close()
    }
}

/// Per-thread scratch: the read buffer and the date cache (no sharing, no locks).
struct WorkerContext {
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    var dates = HTTPDateCache()
    /// This worker's replica of the server's responder (`HTTPResponder.replica()`).
    let responder: any HTTPResponder

    func release() { readBuffer.deallocate() }
}
