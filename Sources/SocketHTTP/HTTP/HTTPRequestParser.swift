/// An incremental HTTP/1.x request parser: a pure function of the bytes appended, with limits.
///
/// Feed bytes with `append`, then call `next()` until it returns nil (more bytes needed).
/// Pipelined requests come out one per `next()`, in order. After a `.failure` the parser is
/// dead and the connection must close. No sockets, no clocks: tests feed byte strings.
public struct HTTPRequestParser: Sendable {
    enum State: Equatable {
        case requestLine
        case headers
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
        case failed
    }

    enum Step {
        case needMore
        case continueNeeded
        case request(HTTPRequest)
    }

    struct Head {
        var method = HTTPMethod.get
        var target = ""
        var parts = RequestTarget(rawPath: "/", rawQuery: "")
        var version = HTTPVersion.http1_1
        var headers = HTTPHeaders()
        var headerBytes = 0
    }

    /// The limits this parser enforces.
    public let limits: HTTPLimits
    var buffer: [UInt8] = []
    /// Index of the first byte not yet consumed.
    var start = 0
    /// How many bytes after `start` were already searched for LF (so byte-by-byte feeding
    /// stays linear).
    var scanned = 0
    var state = State.requestLine
    var head = Head()
    var body: [UInt8] = []
    /// Body bytes of the current request already handed out by `drainBody` (a spooled body).
    var drainedBodyBytes = 0
    var leadingEmptyLines = 0
    /// Header (and trailer) fields of the current request, for the count limit.
    var fieldCount = 0
    /// A smaller body limit for the current request only (`limitBody(to:)`).
    var bodyCap: Int?

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Buffers more bytes from the peer. The bytes of a `Content-Length` body that arrive with
    /// nothing else buffered go straight into the body (into the room `reserveAnnouncedBody`
    /// made), so the server holds them once, as it counted them, not twice on their way through.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if case .fixedBody(let remaining) = state, start == buffer.count,
            bytes.withContiguousStorageIfAvailable({ appendBody($0, remaining: remaining) }) != nil
        {
            return
        }
        buffer.append(contentsOf: bytes)
    }

    private mutating func appendBody(_ bytes: UnsafeBufferPointer<UInt8>, remaining: Int) {
        let taken = min(remaining, bytes.count)
        body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<taken]))
        state = .fixedBody(remaining: remaining - taken)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[taken...]))
    }

    /// How many of the next bytes appended land in body memory the parser already holds (and
    /// `retainedBytes` already counts): the reserved room of a `Content-Length` body.
    public var reservedBodyRoom: Int {
        guard case .fixedBody(let remaining) = state, start == buffer.count else { return 0 }
        return min(remaining, body.capacity - body.count)
    }

    /// Whether a request has begun and not completed (an idle keep-alive connection is not).
    public var isMidRequest: Bool { state != .requestLine || start < buffer.count }

    /// Whether the head is complete and body bytes are awaited.
    public var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkSize, .chunkData, .chunkEnd, .trailers: return true
        default: return false
        }
    }

    /// The head of the request whose body is being read (its body empty), for checks that
    /// need not wait for the body; nil unless `isReadingBody`.
    public var pendingHead: HTTPRequest? {
        guard isReadingBody else { return nil }
        return HTTPRequest(
            method: head.method, target: head.target, parts: head.parts, headers: head.headers, body: [],
            version: head.version)
    }

    /// Bytes of a `Content-Length` body still to arrive (0 for none or a chunked one).
    public var announcedBodyBytes: Int {
        if case .fixedBody(let remaining) = state { return remaining }
        return 0
    }

    /// Allocates the rest of a `Content-Length` body at once, so the memory it will take is
    /// known (and counted) now rather than growing by doubling as bytes arrive.
    public mutating func reserveAnnouncedBody() {
        body.reserveCapacity(body.count + announcedBodyBytes)
    }

    /// Hands the body bytes received so far to `write` and forgets them (keeping the buffer's
    /// capacity), so a body going to disk is never whole in memory. The size limit still
    /// counts every byte of the body. False when `write` returned false (nothing is forgotten).
    public mutating func drainBody(_ write: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        guard !body.isEmpty else { return true }
        guard body.withUnsafeBytes(write) else { return false }
        drainedBodyBytes += body.count
        body.removeAll(keepingCapacity: true)
        return true
    }

    /// Holds the current request's body to at most `bytes` (below `HTTPLimits.maxBodyBytes`):
    /// false when its `Content-Length` (or the chunks already read) says more; a chunked body
    /// fails with 413 as soon as its chunks add up to more. The next request has the usual
    /// limit again.
    public mutating func limitBody(to bytes: Int) -> Bool {
        bodyCap = bytes
        return drainedBodyBytes + body.count + announcedBodyBytes <= bytes
    }

    /// The body limit of the current request.
    var maxBodyBytes: Int { min(limits.maxBodyBytes, bodyCap ?? .max) }

    /// Bytes of memory the parser holds (capacity of its buffers, not just what they contain).
    public var retainedBytes: Int { buffer.capacity + body.capacity }

    /// Whether a failure was reported; nothing more will be parsed.
    public var hasFailed: Bool { state == .failed }

    /// The next event from the bytes buffered so far, or nil when more bytes are needed.
    public mutating func next() -> HTTPParserEvent? {
        guard state != .failed else { return nil }
        do {
            let step = try advance()
            compact()
            switch consume step {  // the request moves into the event, not copied
            case .needMore: return nil
            case .continueNeeded: return .expectContinue
            case .request(let request): return .request(request)
            }
        } catch {
            state = .failed
            buffer = []
            start = 0
            return .failure(error)
        }
    }

    private mutating func advance() throws(HTTPParseError) -> Step {
        while true {
            switch state {
            case .requestLine:
                guard let line = try takeLine(limit: limits.maxRequestLine, tooLong: Self.uriTooLong)
                else { return .needMore }
                guard !line.isEmpty else {
                    try skipLeadingEmptyLine()
                    continue
                }
                try parseRequestLine(line)
                state = .headers
            case .headers, .trailers:
                guard let line = try takeHeaderLine() else { return .needMore }
                if !line.isEmpty {
                    try parseFieldLine(line, keep: state == .headers)
                } else if state == .trailers {
                    return .request(finishRequest())
                } else if let step = try finishHead() {
                    return step
                }
            case .fixedBody(let remaining):
                let taken = takeBody(upTo: remaining)
                guard taken == remaining else {
                    state = .fixedBody(remaining: remaining - taken)
                    return .needMore
                }
                return .request(finishRequest())
            case .chunkSize, .chunkData, .chunkEnd:
                guard try advanceChunked() else { return .needMore }
            case .failed:
                return .needMore
            }
        }
    }

    private mutating func skipLeadingEmptyLine() throws(HTTPParseError) {
        // RFC 9112 §2.2: ignore at least one empty line before a request line; a few more
        // are tolerated, a stream of them is not a client.
        leadingEmptyLines += 1
        if leadingEmptyLines > 4 { throw .bad("empty lines before the request line") }
    }

    /// Moves up to `count` buffered bytes into the body; returns how many moved.
    mutating func takeBody(upTo count: Int) -> Int {
        let taken = min(count, buffer.count - start)
        body.append(contentsOf: buffer[start..<(start + taken)])
        start += taken
        scanned = 0
        return taken
    }

    /// The content of the next CRLF-terminated line (without CRLF), or nil if it has not fully
    /// arrived. Throws `tooLong` as soon as the line exceeds `limit`, and 400 for a bare LF or CR.
    mutating func takeLine(limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> Range<Int>? {
        let searchFrom = start + scanned
        guard let lf = buffer[searchFrom...].firstIndex(of: Self.lf) else {
            scanned = buffer.count - start
            if scanned > limit + 1 { throw tooLong }  // +1: the line's CR may already be here
            return nil
        }
        guard lf > start, buffer[lf - 1] == Self.cr else { throw .bad("bare LF in the head") }
        let line = start..<(lf - 1)
        if line.count > limit { throw tooLong }
        if buffer[line].contains(Self.cr) { throw .bad("bare CR in the head") }
        start = lf + 1
        scanned = 0
        return line
    }

    private mutating func takeHeaderLine() throws(HTTPParseError) -> Range<Int>? {
        let budget = limits.maxHeaderBytes - head.headerBytes - 2
        guard let line = try takeLine(limit: max(budget, 0), tooLong: Self.headersTooLarge)
        else { return nil }
        head.headerBytes += line.count + 2
        return line
    }

    mutating func finishRequestNow() -> HTTPRequest { finishRequest() }

    private mutating func finishRequest() -> HTTPRequest {
        // A `let`, not a `var` set again: the optimizer copied the mutated one twice.
        let request = HTTPRequest(
            method: head.method, target: head.target, parts: head.parts, headers: head.headers,
            body: body, version: head.version)
        head = Head()
        body = []
        drainedBodyBytes = 0
        bodyCap = nil
        state = .requestLine
        leadingEmptyLines = 0
        fieldCount = 0
        return request
    }

    /// Drops consumed bytes; keeps a small buffer's capacity, frees a large one so idle
    /// connections stay cheap.
    private mutating func compact() {
        if start == buffer.count {
            if buffer.capacity > 16384 {
                buffer = []
            } else {
                buffer.removeAll(keepingCapacity: true)
            }
            start = 0
        } else if start > 4096 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let uriTooLong = HTTPParseError(.uriTooLong, "request line too long")
    static let headersTooLarge = HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large")
}
