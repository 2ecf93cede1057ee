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
    /// A streamed response started: the connection now belongs to its stream.
    case streaming
}

extension ServerRuntime {
    /// Handles one event for a connection this thread now owns; ends by re-arming or closing.
    func serve(_ connection: Connection, context: inout WorkerContext) {
        table.set(connection.fd, .busy, deadline: 0)
        if let stream = connection.stream { return serveStream(connection, stream, context: context) }
        if connection.lingering { return discardUntilClosed(connection, context: context) }
        if connection.hasPendingOutput {
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
            // Body bytes that fill room reserved (and counted) when the head was checked are
            // not new memory; counting them again refused a body over half the free cap.
            let newBytes = count - min(count, connection.parser.reservedBodyRoom)
            if overCap(connection, adding: newBytes) {
                return refuseBody(.serviceUnavailable, connection, &context)
            }
            let now = System.monotonicMilliseconds()
            // A body that keeps coming but too slowly never empties the socket for the EOF above.
            if connection.parser.isReadingBody, connection.bodyDeadline > 0, now >= connection.bodyDeadline {
                return refuseBody(.requestTimeout, connection, &context)
            }
            if !connection.parser.isMidRequest { connection.requestStartedAt = now }
            connection.parser.append(UnsafeRawBufferPointer(rebasing: context.readBuffer[0..<count]))
        }
        processRequests(connection, context: &context)
    }

    /// Answers every complete request buffered, strictly in order, one write per response.
    private func processRequests(_ connection: Connection, context: inout WorkerContext) {
        while let event = connection.parser.next() {
            var outcome: WriteOutcome
            switch consume event {  // the request moves on to answer, not copied
            case .expectContinue:
                if let refusal = checkHead(connection) {
                    outcome = refuseHead(refusal, on: connection, context: &context)
                } else {
                    outcome = write(HTTPResponseHead.continueHead, [], to: connection)
                }
            case .request(let request):
                connection.headChecked = false
                connection.smallBody = false
                connection.bodyDeadline = 0
                if let spool = connection.spool {
                    connection.spool = nil
                    outcome = answer(request, spooledTo: spool, on: connection, context: &context)
                } else {
                    outcome = answer(request, on: connection, context: &context)
                }
            case .failure(let error):
                outcome = answerFailure(error, on: connection, context: &context)
            }
            switch outcome {
            case .failed: return close(connection)
            case .blocked: return rearm(connection)
            case .streaming: return parkStream(connection)
            case .done: if connection.closeAfterWrite { return finishClosing(connection) }
            }
        }
        // A body still to come: refuse now what the head alone decides (key, route, method).
        if let refusal = checkHead(connection) {
            switch refuseHead(refusal, on: connection, context: &context) {
            case .failed: return close(connection)
            case .blocked: return rearm(connection)
            case .done, .streaming: return finishClosing(connection)  // a refusal never streams
            }
        }
        guard spillBody(connection, context: &context) else { return }
        rearm(connection)
    }

    /// `request` is consumed: the parser's request is filled in place, not copied (a copy
    /// retains each of its fields).
    private func answer(
        _ request: consuming HTTPRequest, on connection: Connection, context: inout WorkerContext
    ) -> WriteOutcome {
        let started = System.monotonicNanoseconds()
        request.receivedAt = started
        request.remoteAddress = connection.remoteAddress
        request.requestID = "\(requestIDPrefix)-\(table.nextRequestNumber())"
        let response = respondCounted(to: request, by: context.responder)
        if response.dropsConnection { return .failed }
        let keepAlive = request.keepAlive && !table.isDraining
        connection.closeAfterWrite = !keepAlive
        connection.servedRequest = true
        let headOnly = request.method == .head
        if let opener = response.stream, !headOnly {
            if configuration.accessLog {
                AccessLog.record(request, status: response.status, bytes: 0, started: started)
            }
            return startStream(response, opener, version: request.version, on: connection, context: &context)
        }
        connection.closeAfterWrite = connection.closeAfterWrite || response.stream != nil
        let outcome = send(
            response, headOnly: headOnly, keepAlive: keepAlive, version: request.version,
            to: connection, context: &context)
        if configuration.accessLog {
            let bytes = headOnly ? 0 : response.bodyCount
            AccessLog.record(request, status: response.status, bytes: bytes, started: started)
        }
        return outcome
    }

    /// A request whose body went to `spool` as it came: the rest of it joins the file, and the
    /// handler gets the file in place of the bytes.
    private func answer(
        _ request: consuming HTTPRequest, spooledTo spool: HTTPBodyFile, on connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        if let error = request.body.withUnsafeBytes({ spool.appendReporting($0) }) {
            return refuseSpool(error, version: request.version, on: connection, context: &context)
        }
        request.body = []
        request.bodyFile = spool
        return answer(request, on: connection, context: &context)
    }

    private func answerFailure(
        _ error: HTTPParseError, on connection: Connection, context: inout WorkerContext
    )
        -> WriteOutcome
    {
        connection.closeAfterWrite = true
        connection.lingering = true
        connection.spool = nil
        let response = configuration.errorRenderer(error.status, error.message)
        if configuration.accessLog {
            AccessLog.write("restlite: \(connection.remoteAddress) rejected: \(error)")
        }
        return send(
            response, headOnly: false, keepAlive: false, version: .http1_1, to: connection,
            context: &context)
    }

    func send(
        _ response: HTTPResponse, headOnly: Bool, keepAlive: Bool, version: HTTPVersion,
        to connection: Connection,
        context: inout WorkerContext
    ) -> WriteOutcome {
        let head = HTTPResponseHead.serialize(
            response, keepAlive: keepAlive, version: version, date: context.dates.current(),
            serverName: configuration.serverName)
        if let file = response.bodyFile, !headOnly {
            connection.pendingFile = file
            connection.pendingFileOffset = 0
            let first = write(head, [], to: connection)
            return first == .done ? writeFile(connection) : first
        }
        if response.bodyDelayMilliseconds > 0 && !headOnly && !response.body.isEmpty {
            let first = write(head, [], to: connection)
            guard first == .done else {
                if first == .blocked { connection.pendingOutput.append(contentsOf: response.body) }
                return first
            }
            usleep(UInt32(clamping: response.bodyDelayMilliseconds * 1000))
            return write([], response.body, to: connection)
        }
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
        var outcome = WriteOutcome.done
        if !connection.pendingOutput.isEmpty {
            let written = connection.pendingOutput.withUnsafeBytes {
                System.writeTwo(connection.fd, $0, UnsafeRawBufferPointer(start: nil, count: 0))
            }
            if written == connection.pendingOutput.count {
                connection.pendingOutput = []
            } else if written < 0 && System.errno != EAGAIN && System.errno != EWOULDBLOCK {
                outcome = .failed
            } else {
                if written > 0 { connection.pendingOutput.removeFirst(written) }
                outcome = .blocked
            }
        }
        if outcome == .done { outcome = writeFile(connection) }
        switch outcome {
        case .done, .streaming: return true
        case .blocked: rearm(connection)
        case .failed: close(connection)
        }
        return false
    }

    /// Bytes of a file body read and written per step: what a slow reader holds in memory.
    static let filePiece = 64 * 1024

    /// Writes the rest of a file body a piece at a time until it is all out (`.done`), the
    /// socket is full (`.blocked`, the unwritten part of the piece in `pendingOutput`) or fails.
    func writeFile(_ connection: Connection) -> WriteOutcome {
        while let file = connection.pendingFile {
            guard connection.pendingFileOffset < file.count else {
                connection.pendingFile = nil
                break
            }
            guard let piece = try? file.read(offset: connection.pendingFileOffset, count: Self.filePiece),
                !piece.isEmpty
            else { return .failed }
            connection.pendingFileOffset += piece.count
            if connection.pendingFileOffset >= file.count { connection.pendingFile = nil }
            let outcome = write([], piece, to: connection)
            guard outcome == .done else { return outcome }
        }
        return .done
    }

    /// After the last response: a protocol error lingers (so the client reads the error rather
    /// than a reset caused by its unread bytes); a plain `Connection: close` closes now.
    func finishClosing(_ connection: Connection) {
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

    /// Brings the table's buffered totals up to date with this connection's parser, in the pool
    /// its current request belongs to.
    func account(_ connection: Connection) {
        if connection.accountedAsSmall != connection.smallBody {
            table.addBuffered(-connection.accountedBytes, small: connection.accountedAsSmall)
            connection.accountedBytes = 0
            connection.accountedAsSmall = connection.smallBody
        }
        let retained = connection.parser.retainedBytes
        table.addBuffered(retained - connection.accountedBytes, small: connection.smallBody)
        connection.accountedBytes = retained
    }

    /// Whether `count` more bytes would pass the cap of the pool this connection counts in.
    func overCap(_ connection: Connection, adding count: Int) -> Bool {
        connection.smallBody
            ? table.smallBodyBytes + count > configuration.maxSmallBodyBytes
            : table.bufferedBytes + count > configuration.maxBufferedBytes
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
        let shed = table.recordQueued(
            connection.fd, connection.pendingOutput.count, now: now, limit: configuration.maxQueuedBytes)
        if shed > 0 {
            log("closed \(shed) slow reader(s): response bytes queued passed \(configuration.maxQueuedBytes)")
        }
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
        table.addBuffered(-connection.accountedBytes, small: connection.accountedAsSmall)
        connection.accountedBytes = 0
        table.close(connection.fd)
        Unmanaged.passUnretained(connection).release()
    }
}
