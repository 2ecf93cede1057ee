/// Requests refused before they are answered: from the head alone (`respondBeforeBody`), past
/// the server-wide buffered-bytes cap (503) or past the body's time (408). Each answer carries
/// `Connection: close`; the parser's buffers are dropped at once and the connection lingers,
/// then closes.
extension ServerRuntime {
    /// End of input while a body was awaited past its deadline: the sweeper shut the reading
    /// side (`ConnectionTable.Slot.readingBody`), so the client can still read a 408.
    func bodyTimedOut(_ connection: Connection) -> Bool {
        connection.parser.isReadingBody && connection.armedDeadline > 0
            && System.monotonicMilliseconds() >= connection.armedDeadline
    }

    /// 408 (a body too slow) or 503 (too many bytes buffered server-wide), then close; the
    /// parser's buffers are dropped at once.
    func refuseBody(_ status: HTTPStatus, _ connection: Connection, _ context: inout WorkerContext) {
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
        case .done, .streaming: finishClosing(connection)  // a refusal never streams
        }
    }

    /// Sends `response` with `Connection: close` and leaves the connection to linger and close;
    /// whatever is buffered of the request is dropped.
    func refuse(
        _ response: HTTPResponse, version: HTTPVersion, on connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        connection.closeAfterWrite = true
        connection.lingering = true
        connection.parser = HTTPRequestParser(limits: configuration.limits)
        connection.smallBody = false
        connection.spool = nil
        return send(
            response, headOnly: false, keepAlive: false, version: version, to: connection, context: &context)
    }

    /// Asks the responder about the head of a request whose body is still to come; an answer
    /// refuses it. Starts the body's clock.
    func checkHead(_ connection: Connection) -> (HTTPResponse, HTTPRequest)? {
        // `isReadingBody` first: it reads the parser's state in place, where reading
        // `pendingHead` of every request's parser copied the whole parser (seven retains) to
        // find that no body was awaited.
        guard !connection.headChecked, connection.parser.isReadingBody,
            var head = connection.parser.pendingHead
        else { return nil }
        connection.headChecked = true
        connection.bodyDeadline = System.monotonicMilliseconds() + bodyTimeout
        head.remoteAddress = connection.remoteAddress
        head.requestID = "\(requestIDPrefix)-\(table.nextRequestNumber())"
        if let response = responder.respondBeforeBody(to: head) { return (response, head) }
        if responder.spoolsBody(of: head) {
            // Goes to disk as it comes: not counted against the buffered-bytes cap.
            do {
                connection.spool = try HTTPBodyFile(directory: spoolDirectory)
                return nil
            } catch {
                log("cannot make a file for a request body in \(spoolDirectory): \(error)")
                return (Self.spoolFailure(configuration), head)
            }
        }
        if let limit = responder.bodyLimit(of: head) {
            guard connection.parser.limitBody(to: limit) else {
                let message = "body larger than \(limit) bytes, the most this route takes"
                return (configuration.errorRenderer(.payloadTooLarge, message), head)
            }
            connection.smallBody = true
        }
        // The whole announced body is counted against its pool's cap before it is read.
        if overCap(connection, adding: connection.parser.announcedBodyBytes) {
            return (Self.overCapResponse(configuration), head)
        }
        connection.parser.reserveAnnouncedBody()
        account(connection)
        return nil
    }

    static func spoolFailure(_ configuration: HTTPServerConfiguration) -> HTTPResponse {
        configuration.errorRenderer(
            .internalServerError, "the server could not write the request body to a temporary file")
    }

    /// A request whose body could not be written to its file: a 500, then close.
    func refuseSpool(
        _ error: SocketError, version: HTTPVersion, on connection: Connection, context: inout WorkerContext
    ) -> WriteOutcome {
        log("cannot write a request body to disk: \(error)")
        return refuse(Self.spoolFailure(configuration), version: version, on: connection, context: &context)
    }

    /// Moves the body bytes received so far to the request's file; false when that failed and
    /// the request was refused (the connection is then re-armed or closed).
    func spillBody(_ connection: Connection, context: inout WorkerContext) -> Bool {
        guard let spool = connection.spool else { return true }
        var failure: SocketError?
        let drained = connection.parser.drainBody { bytes in
            failure = spool.appendReporting(bytes)
            return failure == nil
        }
        guard !drained, let failure else { return true }
        switch refuseSpool(failure, version: .http1_1, on: connection, context: &context) {
        case .failed: close(connection)
        case .blocked: rearm(connection)
        case .done, .streaming: finishClosing(connection)
        }
        return false
    }

    static func overCapResponse(_ configuration: HTTPServerConfiguration) -> HTTPResponse {
        var response = configuration.errorRenderer(
            .serviceUnavailable, "the server holds too many unfinished requests; retry in a moment")
        response.headers.set("Retry-After", "1")
        return response
    }

    func refuseHead(
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
}
