#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streamed responses. After the head, a streaming connection stays registered for reading
/// only to notice the client leaving; its bytes are written by whichever worker the
/// `StreamScheduler` wakes, so senders on other threads never touch the socket themselves.
extension ServerRuntime {
    /// The head goes into the sink's buffer as its first bytes, so nothing the application
    /// sends can overtake it; it is written once the opener has returned.
    func startStream(
        _ response: HTTPResponse, _ opener: StreamOpener, version: HTTPVersion, on connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        let head = HTTPResponseHead.serialize(
            response, keepAlive: false, version: version, date: context.dates.current(),
            serverName: configuration.serverName)
        let sink = StreamSink(
            fd: connection.fd, head: head, capacity: max(opener.bufferLimit, head.count),
            scheduler: streams, held: true)
        connection.stream = sink
        connection.closeAfterWrite = false
        // The opener first (a subscriber registers there), then the head: a client that acts
        // as soon as it has the head misses nothing sent after it. The sink is held until
        // then, so what the opener sends waits behind the head rather than taking it along.
        opener.open(sink)
        streams.schedule(sink)
        return .streaming
    }

    /// An event on a streaming connection: the client sent bytes (ignored) or left.
    func serveStream(_ connection: Connection, _ stream: StreamSink, context: WorkerContext) {
        for _ in 0..<16 {
            let count = System.read(connection.fd, context.readBuffer)
            if count > 0 { continue }
            let wouldBlock = count < 0 && (System.errno == EAGAIN || System.errno == EWOULDBLOCK)
            return wouldBlock ? parkStream(connection) : closeStream(connection, stream)
        }
        parkStream(connection)
    }

    /// Waits for the client to leave; no deadline, so idle timeouts never end a stream
    /// (a drain still does: the slot counts as idle).
    func parkStream(_ connection: Connection) {
        guard let stream = connection.stream else { return rearm(connection) }
        table.set(connection.fd, .idle, deadline: 0)
        if table.isDraining { return closeStream(connection, stream) }
        do {
            try poller.rearm(connection.fd, token: connection.token, writable: false)
        } catch {
            closeStream(connection, stream)
        }
    }

    private func closeStream(_ connection: Connection, _ stream: StreamSink) {
        stream.detach { table.close(connection.fd) }
        connection.stream = nil
        Unmanaged.passUnretained(connection).release()
    }
}
