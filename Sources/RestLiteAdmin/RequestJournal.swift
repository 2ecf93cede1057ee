import DocumentJSON
import DocumentStore
import PlatformSupport
import SocketHTTP

/// The last requests the server answered, oldest first, at most `capacity` of them.
public final class RequestJournal: @unchecked Sendable {
    /// One answered request. Key values are masked; a long body is cut at `bodyLimit`. Recording
    /// copies the path, query and headers into one byte buffer (`Packed`) and shares the body;
    /// masking and decoding happen when an entry is read, so a request pays for one small copy,
    /// a lock and a slot. (Keeping the request's own header list instead left a thousand lists
    /// of strings alive, each freed object by object, from cold memory, when its slot was
    /// taken: about 2 % of a GET's CPU.)
    public struct Entry: Sendable {
        public let sequence: Int
        public let time: Int64
        public let method: String
        let packed: Packed
        let rawBody: [UInt8]
        public let bodyBytes: Int
        public let bodyTruncated: Bool
        public let status: Int
        public let milliseconds: Double

        /// The path, percent-decoded.
        public var path: String { packed.path }

        /// The query as sent, with the value of `apikey` masked.
        public var query: String { RequestJournal.maskedQuery(packed.rawQuery) }

        /// The headers in order, values of key headers masked.
        public var headers: [(name: String, value: String)] {
            packed.headers.map { field in
                (
                    name: field.name,
                    value: RequestJournal.secretNames.contains(field.name.lowercased())
                        ? RequestJournal.mask(field.value) : field.value
                )
            }
        }

        /// The body as text, at most `bodyLimit` bytes of it.
        public var body: String { String(decoding: rawBody, as: UTF8.self) }
    }

    /// A request's path, query and header fields in one buffer: the path's bytes, the query's,
    /// then each field as a 4-byte length and the name, a 4-byte length and the value.
    struct Packed: Sendable {
        private let bytes: [UInt8]
        private let pathEnd: Int
        private let queryEnd: Int

        init(_ request: HTTPRequest) {
            var size = request.path.utf8.count + request.rawQuery.utf8.count
            for field in request.headers { size += 8 + field.name.utf8.count + field.value.utf8.count }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            bytes.append(contentsOf: request.path.utf8)
            pathEnd = bytes.count
            bytes.append(contentsOf: request.rawQuery.utf8)
            queryEnd = bytes.count
            for field in request.headers {
                Self.append(field.name, to: &bytes)
                Self.append(field.value, to: &bytes)
            }
            self.bytes = bytes
        }

        private static func append(_ text: String, to bytes: inout [UInt8]) {
            let count = UInt32(truncatingIfNeeded: text.utf8.count)
            for shift: UInt32 in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: count >> shift)) }
            bytes.append(contentsOf: text.utf8)
        }

        var path: String { String(decoding: bytes[..<pathEnd], as: UTF8.self) }
        var rawQuery: String { String(decoding: bytes[pathEnd..<queryEnd], as: UTF8.self) }

        var headers: [(name: String, value: String)] {
            var fields: [(name: String, value: String)] = []
            var offset = queryEnd
            func text() -> String {
                let count = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                defer { offset += 4 + count }
                return String(decoding: bytes[offset + 4..<offset + 4 + count], as: UTF8.self)
            }
            while offset < bytes.count {
                let name = text()
                fields.append((name: name, value: text()))
            }
            return fields
        }
    }

    /// Which entries a listing keeps; nil fields keep everything.
    public struct Filter: Sendable {
        public var method: String?
        public var path: Glob?
        /// An exact status (`404`) or a class (`4xx`).
        public var status: String?

        public init(method: String? = nil, path: Glob? = nil, status: String? = nil) {
            self.method = method
            self.path = path
            self.status = status
        }

        func keeps(_ entry: Entry) -> Bool {
            if let method, method.uppercased() != entry.method { return false }
            if let path, !path.matches(entry.path) { return false }
            if let status {
                let code = String(entry.status)
                if status.count == 3 && status.lowercased().hasSuffix("xx") {
                    return code.first == status.first
                }
                return code == status
            }
            return true
        }
    }

    public let capacity: Int
    public let bodyLimit: Int
    // Guarded by `lock`: a ring of entries and the next sequence number.
    private let lock = PosixCondition()
    private var ring: [Entry] = []
    private var start = 0
    private var nextSequence = 1

    public init(capacity: Int, bodyLimit: Int = 64 * 1024) {
        self.capacity = max(0, capacity)
        self.bodyLimit = bodyLimit
    }

    /// Headers and query parameters whose values are keys (a console session cookie and its
    /// CSRF token stand for a key too).
    static let secretNames: Set<String> = ["x-apikey", "apikey", "authorization", "cookie", "x-csrf-token"]

    /// `****` and the last four characters (nothing more of a short value).
    public static func mask(_ value: String) -> String {
        value.count > 8 ? "****" + value.suffix(4) : "****"
    }

    func record(_ request: HTTPRequest, status: Int, milliseconds: Double) {
        guard capacity > 0 else { return }
        // A body the server wrote to disk (an upload) is not read back: its size only.
        let size = request.bodyFile?.count ?? request.body.count
        let truncated = size > bodyLimit || (request.bodyFile != nil && size > 0)
        let time = ISODate.nowMilliseconds()
        let packed = Packed(request)
        lock.lock()
        var entry = Entry(
            sequence: nextSequence, time: time, method: request.method.rawValue, packed: packed,
            rawBody: truncated ? Array(request.body.prefix(bodyLimit)) : request.body,
            bodyBytes: size, bodyTruncated: truncated, status: status,
            milliseconds: milliseconds)
        nextSequence += 1
        if ring.count < capacity {
            ring.append(entry)
        } else {
            swap(&ring[start], &entry)
            start = (start + 1) % capacity
        }
        lock.unlock()
        withExtendedLifetime(entry) {}  // the oldest entry, swapped out: freed here, outside the lock
    }

    /// The entries a filter keeps, oldest first.
    public func entries(_ filter: Filter = Filter()) -> [Entry] {
        lock.lock()
        let ordered = Array(ring[start...] + ring[..<start])
        lock.unlock()
        return ordered.filter(filter.keeps)
    }

    /// Forgets every entry; answers how many there were.
    @discardableResult
    public func clear() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let count = ring.count
        ring = []
        start = 0
        return count
    }

    /// The raw query with the value of `apikey` masked.
    static func maskedQuery(_ raw: String) -> String {
        guard raw.lowercased().contains("apikey") else { return raw }
        return raw.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].lowercased() == "apikey" else { return String(item) }
            return "\(parts[0])=\(mask(String(parts[1])))"
        }.joined(separator: "&")
    }
}

extension RequestJournal.Entry {
    var json: JSONValue {
        var headerObject = JSONObject()
        for (name, value) in headers {
            let key = name.lowercased()
            if case .string(let earlier) = headerObject[key] {
                headerObject[key] = .string(earlier + ", " + value)
            } else {
                headerObject[key] = .string(value)
            }
        }
        return .object(
            JSONObject([
                ("seq", .number(JSONNumber(sequence))),
                ("time", .string(ISODate.format(milliseconds: time))),
                ("method", .string(method)),
                ("path", .string(path)),
                ("query", .string(query)),
                ("headers", .object(headerObject)),
                ("body", .string(body)),
                ("bodyBytes", .number(JSONNumber(bodyBytes))),
                ("bodyTruncated", .bool(bodyTruncated)),
                ("status", .number(JSONNumber(status))),
                ("ms", .number(JSONNumber((milliseconds * 100).rounded() / 100))),
                // This process's requests only: with several processes on one database, each
                // keeps its own journal.
                ("scope", .string("process")),
            ]))
    }
}

/// Records every request outside the admin routes and the console's own (`/_console/`, whose
/// sign-in bodies and links hold keys), with the status the client finally got; added first, so
/// it is the outermost middleware.
struct JournalMiddleware: HTTPMiddleware {
    let journal: RequestJournal
    let adminPrefix: String

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        if RestLiteAdmin.isAdminPath(request, prefix: adminPrefix) || request.firstPathSegment == "_console" {
            return try next(request)
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let response = try next(request)
            let status = response.dropsConnection ? 0 : response.status.code
            journal.record(request, status: status, milliseconds: Self.milliseconds(clock.now - started))
            return response
        } catch {
            let status = (error as? any HTTPResponseConvertible)?.httpResponse().status.code ?? 500
            journal.record(request, status: status, milliseconds: Self.milliseconds(clock.now - started))
            throw error
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        duration.fractionalMilliseconds
    }
}
