/// One parsed request, handed to a responder.
///
/// `path` is percent-decoded with `+` kept as a plus; query names and values are decoded with
/// `+` as a space (form encoding), so `q={"age":+7}` arrives as `{"age": 7}`.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as sent (origin-form or absolute-form).
    public var target: String {
        get { box.fields.target }
        _modify { yield &uniqueFields.target }
    }
    /// The path, percent-decoded; `+` stays a plus.
    public var path: String {
        get { box.fields.path }
        _modify { yield &uniqueFields.path }
    }
    /// The path as sent, before decoding (no query).
    public var rawPath: String {
        get { box.fields.rawPath }
        set {
            uniqueFields.rawPath = newValue
            uniqueFields.pathSegments = Self.segments(of: newValue)
        }
    }
    /// The query string as sent, without `?` (empty when absent).
    public var rawQuery: String {
        get { box.fields.rawQuery }
        _modify { yield &uniqueFields.rawQuery }
    }
    /// Decoded query items in order; `+` is a space, `%2B` a plus.
    public var queryItems: [(name: String, value: String)] {
        get { box.fields.queryItems }
        _modify { yield &uniqueFields.queryItems }
    }
    public var headers: HTTPHeaders {
        get { box.fields.headers }
        _modify { yield &uniqueFields.headers }
    }
    public var body: [UInt8] {
        get { box.fields.body }
        _modify { yield &uniqueFields.body }
    }
    /// The body, when the server wrote it to disk (a route added with `spoolingBody: true`
    /// whose body did not arrive with its head); `body` is empty then.
    public var bodyFile: HTTPBodyFile? {
        get { box.fields.bodyFile }
        _modify { yield &uniqueFields.bodyFile }
    }
    public var version: HTTPVersion
    /// Values of `:name` segments of the matched route, set by the router.
    public var pathParameters: [String: String]
    /// The peer as `host:port` (`[v6]:port` for IPv6); empty for in-process requests.
    public var remoteAddress: String {
        get { box.fields.remoteAddress }
        _modify { yield &uniqueFields.remoteAddress }
    }
    /// An id unique within the process, echoed in the access log.
    public var requestID: String {
        get { box.fields.requestID }
        _modify { yield &uniqueFields.requestID }
    }
    /// What middleware attached for the handlers after it (empty from the wire).
    public var attributes = HTTPRequestAttributes()
    /// When the server began answering the request, in nanoseconds of the monotonic clock
    /// (`HTTPRequest.monotonicNanoseconds()`); 0 for in-process requests. The access log and
    /// middleware that time requests share this one reading.
    public var receivedAt: UInt64 = 0

    /// The fields read from the wire, in one box that copies of the request share: a middleware
    /// that attaches a value, or the router that sets the path parameters, changes a copy of the
    /// request, and a copy then retains this box once instead of each string and array in it.
    /// A change to one of these fields copies the box first when another request shares it.
    private var box: Box

    private struct Fields {
        var target: String
        var path: String
        var rawPath: String
        var pathSegments: [String]
        var rawQuery: String
        var queryItems: [(name: String, value: String)]
        var headers: HTTPHeaders
        var body: [UInt8]
        var bodyFile: HTTPBodyFile?
        var remoteAddress: String
        var requestID: String
    }

    /// Written only through `uniqueFields`, so no two requests ever write one box.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The fields of a box this request alone holds, to change in place.
    private var uniqueFields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// Now on the clock of `receivedAt`.
    public static func monotonicNanoseconds() -> UInt64 { System.monotonicNanoseconds() }

    /// A request built in-process (tests, tools); the target is parsed like one from the wire.
    public init(
        method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], version: HTTPVersion = .http1_1, remoteAddress: String = "",
        requestID: String = ""
    ) {
        let parts = RequestTarget(parsing: target) ?? RequestTarget(rawPath: target, rawQuery: "")
        self.init(
            method: method, target: target, parts: parts, headers: headers, body: body, version: version)
        self.remoteAddress = remoteAddress
        self.requestID = requestID
    }

    /// A request from the parser, whose target is already split.
    init(
        method: HTTPMethod, target: String, parts: RequestTarget, headers: HTTPHeaders,
        body: [UInt8], version: HTTPVersion
    ) {
        self.method = method
        self.box = Box(
            Fields(
                target: target, path: PercentDecoding.decode(parts.rawPath, plusIsSpace: false),
                rawPath: parts.rawPath, pathSegments: Self.segments(of: parts.rawPath),
                rawQuery: parts.rawQuery, queryItems: PercentDecoding.queryItems(parts.rawQuery),
                headers: headers, body: body, bodyFile: nil, remoteAddress: "", requestID: ""))
        self.version = version
        self.pathParameters = [:]
    }

    /// The path as the router matches it: split on `/` before decoding (so `%2F` stays inside
    /// its segment), empty segments dropped (`//a/` is `/a`), each segment percent-decoded.
    /// Anything that decides by path (routes, key scopes, middleware) reads this, so all see the
    /// same path; it is worked out once, when the request is made (or its `rawPath` changes).
    public var pathSegments: [String] { box.fields.pathSegments }

    /// `pathSegments.first`.
    public var firstPathSegment: String? { pathSegments.first }

    /// Every request comes here once: on the bytes of a native string in place, one pass that
    /// finds the slashes and makes each segment from its bytes, decoding only a segment with a
    /// `%` (`Router.segments` and a decode of each piece took 1.7 µs of a GET's 60 in a profile).
    private static func segments(of rawPath: String) -> [String] {
        if let segments = rawPath.utf8.withContiguousStorageIfAvailable(segments(of:)) { return segments }
        var native = rawPath  // a bridged string: made native, then read the same way
        native.makeContiguousUTF8()
        return native.utf8.withContiguousStorageIfAvailable(segments(of:)) ?? []
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var segments: [String] = []
        var start = 0
        var encoded = false
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else {
                if bytes[index] == UInt8(ascii: "%") { encoded = true }
                continue
            }
            if index > start {  // empty segments (`//`, a trailing `/`) are dropped
                let segment = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                segments.append(encoded ? PercentDecoding.decode(segment, plusIsSpace: false) : segment)
            }
            start = index + 1
            encoded = false
        }
        return segments
    }

    /// The first decoded value of query item `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// How many query items are called `name`.
    public func queryCount(_ name: String) -> Int {
        var count = 0
        for item in queryItems where item.name == name { count += 1 }
        return count
    }

    /// Every decoded value of query item `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// Whether the connection stays open after this request: by version and `Connection`.
    public var keepAlive: Bool {
        let tokens = headers.tokens(for: "Connection")
        if tokens.contains("close") { return false }
        if version == .http1_0 { return tokens.contains("keep-alive") }
        return version.major == 1
    }

    /// `http://` and the `Host` the client used (`localhost` when it sent none): the base of
    /// absolute URLs that lead back to this server when no public URL is configured.
    public var hostBaseURL: String {
        var host = Substring(headers["Host"] ?? "")
        while let first = host.first, first == " " || first == "\t" { host.removeFirst() }
        while let last = host.last, last == " " || last == "\t" { host.removeLast() }
        return "http://" + (host.isEmpty ? "localhost" : host)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
}
