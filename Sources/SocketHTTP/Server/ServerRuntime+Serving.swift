#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What became of a write.
enum WriteOutcome {
    case done
    /// The socket buffer is full; the rest waits in `pendingOutput` for a writable event.
    case blocked
    case failed
}

extension ServerRuntime {
    /// Handles one event for a connection this thread now owns; ends by re-arming or closing.
    func serve(_ connection: Connection, context: inout WorkerContext) {
        table.set(connection.fd, .busy, deadline: 0)
        if connection.lingering { return discardUntilClosed(connection, context: context) }
        if !connection.pendingOutput.isEmpty {
            guard flushPending(connection) else { return }
            if connection.closeAfterWrite { return finishClosing(connection) }
        } else {
            let count = System.read(connection.fd, context.readBuffer)
            guard count > 0 else {
                let wouldBlock = count < 0 && (System.errno == EAGAIN || System.errno == EWOULDBLOCK)
                if wouldBlock { return rearm(connection) }
                return bodyTimedOut(connection)
                    ? refuseBody(.requestTimeout, connection, &context) : close(connection)
            }
            if table.bufferedBytes + count > configuration.maxBufferedBytes {
                return refuseBody(.serviceUnavailable, connection, &context)
            }
            if !connection.parser.isMidRequest {
                connection.requestStartedAt = System.monotonicMilliseconds()
            }
            connection.parser.append(UnsafeRawBufferPointer(rebasing: context.readBuffer[0..<count]))
        }
        processRequests(connection, context: &context)
    }

    /// End of input while a body was awaited past its deadline: the sweeper shut the reading
    /// side (`ConnectionTable.Slot.readingBody`), so the client can still read a 408.
    private func bodyTimedOut(_ connection: Connection) -> Bool {
        connection.parser.isReadingBody && connection.armedDeadline > 0
            && System.monotonicMilliseconds() >= connection.armedDeadline
    }

    /// 408 (a body too slow) or 503 (too many bytes buffered server-wide), then close; the
    /// parser's buffers are dropped at once.
    private func refuseBody(_ status: HTTPStatus, _ connection: Connection, _ context: inout WorkerContext) {
        let response =
            status == .requestTimeout
            ? configuration.errorRenderer(
                status, "the request body did not arrive within \(Double(bodyTimeout) / 1000) s of its head")
            : Self.overCapResponse(configuration)
        if configuration.accessLog {
            AccessLog.write("restlite: \(connection.remoteAddress) refused: \(status.code)")
        }
        switch refuse(response, version: .http1_1, on: connection, context: &context) {
        case .failed: close(connection)
        case .blocked: rearm(connection)
        case .done: finishClosing(connection)
        }
    }

    /// Sends `response` with `Connection: close` and leaves the connection to linger and close;
    /// whatever is buffered of the request is dropped.
    private func refuse(
        _ response: HTTPResponse, version: HTTPVersion, on connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        connection.closeAfterWrite = true
        connection.lingering = true
        connection.parser = HTTPRequestParser(limits: configuration.limits)
        return send(
            response, headOnly: false, keepAlive: false, version: version, to: connection, context: &context)
    }

    /// Asks the responder about the head of a request whose body is still to come; an answer
    /// refuses it. Starts the body's clock.
    private func checkHead(_ connection: Connection) -> (HTTPResponse, HTTPRequest)? {
        guard !connection.headChecked, var head = connection.parser.pendingHead else { return nil }
        connection.headChecked = true
        connection.bodyDeadline = System.monotonicMilliseconds() + bodyTimeout
        head.remoteAddress = connection.remoteAddress
        head.requestID = "\(requestIDPrefix)-\(table.nextRequestNumber())"
        if let response = responder.respondBeforeBody(to: head) { return (response, head) }
        // The whole announced body is counted against the server-wide cap before it is read.
        let announced = connection.parser.announcedBodyBytes
        if table.bufferedBytes + announced > configuration.maxBufferedBytes {
            return (Self.overCapResponse(configuration), head)
        }
        connection.parser.reserveAnnouncedBody()
        account(connection)
        return nil
    }

    static func overCapResponse(_ configuration: HTTPServerConfiguration) -> HTTPResponse {
        var response = configuration.errorRenderer(
            .serviceUnavailable, "the server holds too many unfinished requests; retry in a moment")
        response.headers.set("Retry-After", "1")
        return response
    }

    private func refuseHead(
        _ refusal: (HTTPResponse, HTTPRequest), on connection: Connection, context: inout WorkerContext
    ) -> WriteOutcome {
        let (response, head) = refusal
        let started = System.monotonicNanoseconds()
        let outcome = refuse(response, version: head.version, on: connection, context: &context)
        if configuration.accessLog {
            AccessLog.record(head, status: response.status, bytes: response.body.count, started: started)
        }
        return outcome
    }

    /// Answers every complete request buffered, strictly in order, one write per response.
    private func processRequests(_ connection: Connection, context: inout WorkerContext) {
        while let event = connection.parser.next() {
            var outcome: WriteOutcome
            switch event {
            case .expectContinue:
                if let refusal = checkHead(connection) {
                    outcome = refuseHead(refusal, on: connection, context: &context)
                } else {
                    outcome = write(HTTPResponseHead.continueHead, [], to: connection)
                }
            case .request(let request):
                connection.headChecked = false
                connection.bodyDeadline = 0
                outcome = answer(request, on: connection, context: &context)
            case .failure(let error):
                outcome = answerFailure(error, on: connection, context: &context)
            }
            switch outcome {
            case .failed: return close(connection)
            case .blocked: return rearm(connection)
            case .done: if connection.closeAfterWrite { return finishClosing(connection) }
            }
        }
        // A body still to come: refuse now what the head alone decides (key, route, method).
        if let refusal = checkHead(connection) {
            switch refuseHead(refusal, on: connection, context: &context) {
            case .failed: return close(connection)
            case .blocked: return rearm(connection)
            case .done: return finishClosing(connection)
            }
        }
        rearm(connection)
    }

    private func answer(_ request: HTTPRequest, on connection: Connection, context: inout WorkerContext)
        -> WriteOutcome
    {
        let started = System.monotonicNanoseconds()
        var request = request
        request.remoteAddress = connection.remoteAddress
        request.requestID = "\(requestIDPrefix)-\(table.nextRequestNumber())"
        let response = respondCounted(to: request)
        let keepAlive = request.keepAlive && !table.isDraining
        connection.closeAfterWrite = !keepAlive
        connection.servedRequest = true
        let headOnly = request.method == .head
        let outcome = send(
            response, headOnly: headOnly, keepAlive: keepAlive, version: request.version,
            to: connection, context: &context)
        if configuration.accessLog {
            let bytes = headOnly ? 0 : response.body.count
            AccessLog.record(request, status: response.status, bytes: bytes, started: started)
        }
        return outcome
    }

    private func answerFailure(
        _ error: HTTPParseError, on connection: Connection, context: inout WorkerContext
    )
        -> WriteOutcome
    {
        connection.closeAfterWrite = true
        connection.lingering = true
        let response = configuration.errorRenderer(error.status, error.message)
        if configuration.accessLog {
            AccessLog.write("restlite: \(connection.remoteAddress) rejected: \(error)")
        }
        return send(
            response, headOnly: false, keepAlive: false, version: .http1_1, to: connection,
            context: &context)
    }

    private func send(
        _ response: HTTPResponse, headOnly: Bool, keepAlive: Bool, version: HTTPVersion,
        to connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        let head = HTTPResponseHead.serialize(
            response, keepAlive: keepAlive, version: version, date: context.dates.current(),
            serverName: configuration.serverName)
        return write(head, headOnly ? [] : response.body, to: connection)
    }

    /// Head and body in one `sendmsg`/`writev`; what does not fit waits for a writable event.
    func write(_ head: [UInt8], _ body: [UInt8], to connection: Connection) -> WriteOutcome {
        let total = head.count + body.count
        var written = head.withUnsafeBytes { head in
            body.withUnsafeBytes { body in System.writeTwo(connection.fd, head, body) }
        }
        if written == total { return .done }
        if written < 0 {
            guard System.errno == EAGAIN || System.errno == EWOULDBLOCK else { return .failed }
            written = 0
        }
        var rest: [UInt8] = []
        rest.reserveCapacity(total - written)
        if written < head.count {
            rest.append(contentsOf: head[written...])
            rest.append(contentsOf: body)
        } else {
            rest.append(contentsOf: body[(written - head.count)...])
        }
        connection.pendingOutput = rest
        return .blocked
    }

    /// Sends leftover bytes; true once all are out. Otherwise the connection is re-armed or closed.
    private func flushPending(_ connection: Connection) -> Bool {
        let written = connection.pendingOutput.withUnsafeBytes {
            System.writeTwo(connection.fd, $0, UnsafeRawBufferPointer(start: nil, count: 0))
        }
        if written == connection.pendingOutput.count {
            connection.pendingOutput = []
            return true
        }
        if written < 0 && System.errno != EAGAIN && System.errno != EWOULDBLOCK {
            close(connection)
            return false
        }
        if written > 0 { connection.pendingOutput.removeFirst(written) }
        rearm(connection)
        return false
    }

    /// After the last response: a protocol error lingers (so the client reads the error rather
    /// than a reset caused by its unread bytes); a plain `Connection: close` closes now.
    private func finishClosing(_ connection: Connection) {
        guard connection.lingering else { return close(connection) }
        System.shutdownWrite(connection.fd)
        connection.requestStartedAt = System.monotonicMilliseconds() + 2000
        rearm(connection)
    }

    private func discardUntilClosed(_ connection: Connection, context: WorkerContext) {
        for _ in 0..<64 {
            let count = System.read(connection.fd, context.readBuffer)
            if count > 0 { continue }
            let wouldBlock = count < 0 && (System.errno == EAGAIN || System.errno == EWOULDBLOCK)
            return wouldBlock ? rearm(connection) : close(connection)
        }
        rearm(connection)
    }

    /// Brings the table's buffered total up to date with this connection's parser.
    func account(_ connection: Connection) {
        let retained = connection.parser.retainedBytes
        table.addBuffered(retained - connection.accountedBytes)
        connection.accountedBytes = retained
    }

    /// Records the slot's state and deadline, then hands the connection back to the poller.
    func rearm(_ connection: Connection) {
        let now = System.monotonicMilliseconds()
        let writable = !connection.pendingOutput.isEmpty
        let slot: ConnectionTable.Slot
        let deadline: Int64
        if connection.lingering {
            (slot, deadline) = (.partial, connection.requestStartedAt)
        } else if writable {
            (slot, deadline) = (.partial, now + headerTimeout)
        } else if connection.parser.isReadingBody {
            // The longest pause, and the whole body's time from the end of the head.
            let whole = connection.bodyDeadline > 0 ? connection.bodyDeadline : Int64.max
            (slot, deadline) = (.readingBody, min(now + headerTimeout, whole))
        } else if connection.parser.isMidRequest {
            (slot, deadline) = (.partial, connection.requestStartedAt + headerTimeout)
        } else {
            (slot, deadline) = (.idle, now + (connection.servedRequest ? idleTimeout : headerTimeout))
        }
        table.set(connection.fd, slot, deadline: deadline)
        connection.armedDeadline = deadline
        account(connection)
        // Pairs with `drain`: it sets the flag, then shuts idle slots; we set idle, then check.
        if slot == .idle && table.isDraining { return close(connection) }
        do {
            try poller.rearm(connection.fd, token: connection.token, writable: writable)
        } catch {
            close(connection)
        }
    }

    /// Closes the descriptor and drops the poller's reference; the caller must not touch the
    /// connection afterwards.
    func close(_ connection: Connection) {
        table.addBuffered(-connection.accountedBytes)
        connection.accountedBytes = 0
        table.close(connection.fd)
        Unmanaged.passUnretained(connection).release()
    }
}
