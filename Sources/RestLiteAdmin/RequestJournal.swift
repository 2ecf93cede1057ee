import CEventLoop
import DocumentJSON
import DocumentStore
import PlatformSupport
import SocketHTTP

/// The last requests the server answered, oldest first, at most `capacity` of them.
///
/// Recording takes no lock: a request claims the next sequence number with one atomic add, and
/// with it a slot of the ring (`sequence % capacity`); the slot's own flag is held only while
/// the entry is packed into it (into the buffer of the entry it evicts), so two requests wait
/// for each other only when the ring wraps within one recording or a listing is copying that
/// slot. An entry keeps the monotonic time the request ended (the one clock reading of the
/// middleware) and the wall time is worked out when the journal is listed.
public final class RequestJournal: @unchecked Sendable {
    /// One answered request. Key values are masked; a long body is cut at `bodyLimit`. Recording
    /// copies the path, query and headers into one byte buffer (`Packed`) and shares the body;
    /// masking and decoding happen when an entry is read, so a request pays for one small copy
    /// and a slot. (Keeping the request's own header list instead left a thousand lists
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

    /// What a slot holds: an entry before its wall time is known.
    struct Record: Sendable {
        let sequence: Int
        /// When the request ended, on `HTTPRequest.monotonicNanoseconds()`'s clock.
        let ended: UInt64
        let method: HTTPMethod
        /// `var` only so that its buffer can be moved on (`RequestJournal.record`).
        var packed: Packed
        let rawBody: [UInt8]
        let bodyBytes: Int
        let bodyTruncated: Bool
        let status: Int
        let milliseconds: Double

        /// The entry, with the wall time `ended` was, given a reading of both clocks now.
        func entry(wallNow: Int64, monotonicNow: UInt64) -> Entry {
            let ago = Int64(monotonicNow >= ended ? (monotonicNow - ended) / 1_000_000 : 0)
            return Entry(
                sequence: sequence, time: wallNow - ago, method: method.rawValue, packed: packed,
                rawBody: rawBody, bodyBytes: bodyBytes, bodyTruncated: bodyTruncated, status: status,
                milliseconds: milliseconds)
        }
    }

    /// A request's path, query and header fields in one buffer: the path's bytes, the query's,
    /// then each field as a 4-byte length and the name, a 4-byte length and the value.
    struct Packed: Sendable {
        /// Set only to hand the buffer on: `RequestJournal.record` moves an evicted record's
        /// buffer into the record that takes its slot.
        fileprivate(set) var bytes: [UInt8]
        private let pathEnd: Int
        private let queryEnd: Int

        /// `borrowing`: an initializer takes its arguments owned, and made the caller copy the request.
        /// The bytes go into `storage`, whose capacity is kept: the ring hands in the buffer of
        /// the record this one evicts, so a request in a full journal allocates nothing and frees
        /// nothing (a new buffer per request and the evicted one freed from cold memory took
        /// about 1 µs of a GET's 60 in a profile).
        init(_ request: borrowing HTTPRequest, reusing storage: consuming [UInt8]) {
            let path = request.path
            let query = request.rawQuery
            let headers = request.headers
            var size = path.utf8.count + query.utf8.count
            for field in headers { size += 8 + field.name.utf8.count + field.value.utf8.count }
            storage.removeAll(keepingCapacity: true)
            storage.reserveCapacity(size)
            storage.append(contentsOf: path.utf8)
            pathEnd = storage.count
            storage.append(contentsOf: query.utf8)
            queryEnd = storage.count
            for field in headers {
                Self.append(field.name, to: &storage)
                Self.append(field.value, to: &storage)
            }
            bytes = storage
        }

        /// `text`'s length in 4 bytes (most significant first), then its bytes.
        private static func append(_ text: String, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: text.utf8.count).bigEndian) {
                bytes.append(contentsOf: $0)
            }
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
    /// A step of at least 17 slots with no factor in common with `capacity`, so that
    /// `slot(of:)` visits every slot.
    private let spread: Int
    /// The ring: the newest record of each residue `(sequence - 1) % capacity`, in the slot
    /// `slot(of:)` gives it.
    private let slots: UnsafeMutablePointer<Record?>
    /// One flag per slot: 1 while a thread puts in or copies out that slot's record.
    private let busy: UnsafeMutablePointer<Int64>
    /// The last sequence number handed out (on a cache line of its own).
    private let lastSequence: UnsafeMutablePointer<Int64> = cel_cells_allocate(1)!

    public init(capacity: Int, bodyLimit: Int = 64 * 1024) {
        self.capacity = max(0, capacity)
        self.bodyLimit = bodyLimit
        var step = 17
        while Self.greatestCommonDivisor(step, max(1, capacity)) != 1 { step += 1 }
        spread = step
        let room = max(1, self.capacity)
        slots = .allocate(capacity: room)
        slots.initialize(repeating: nil, count: room)
        busy = .allocate(capacity: room)
        busy.initialize(repeating: 0, count: room)
    }

    deinit {
        let room = max(1, capacity)
        slots.deinitialize(count: room)
        slots.deallocate()
        busy.deallocate()
        cel_cells_free(lastSequence)
    }

    /// Where the record of `sequence` goes: consecutive sequences, recorded at the same moment
    /// by workers on different cores, land `spread` slots apart, so they do not write the same
    /// cache line (of `slots` or of `busy`). A listing reads every slot and sorts, so the order
    /// of the slots is nobody's concern.
    private func slot(of sequence: Int) -> Int { (sequence - 1) % capacity * spread % capacity }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }

    /// Headers and query parameters whose values are keys (a console session cookie and its
    /// CSRF token stand for a key too).
    static let secretNames: Set<String> = ["x-apikey", "apikey", "authorization", "cookie", "x-csrf-token"]

    /// `****` and the last four characters (nothing more of a short value).
    public static func mask(_ value: String) -> String {
        value.count > 8 ? "****" + value.suffix(4) : "****"
    }

    /// Records a request that ended at `ended` (on `HTTPRequest.monotonicNanoseconds()`'s clock).
    func record(_ request: HTTPRequest, status: Int, milliseconds: Double, ended: UInt64) {
        guard capacity > 0 else { return }
        // A body the server wrote to disk (an upload) is not read back: its size only.
        let size = request.bodyFile?.count ?? request.body.count
        let truncated = size > bodyLimit || (request.bodyFile != nil && size > 0)
        let rawBody = truncated ? Array(request.body.prefix(bodyLimit)) : request.body
        let sequence = Int(cel_atomic_add(lastSequence, 1))
        let index = slot(of: sequence)
        var evicted: Record? = nil
        hold(index)
        // A later sequence already there (the ring wrapped while this one waited) stays.
        if (slots[index]?.sequence ?? 0) < sequence {
            swap(&slots[index], &evicted)
            // The evicted record's buffer, moved out so that this record reuses it in place.
            var storage: [UInt8] = []
            if evicted != nil { swap(&storage, &evicted!.packed.bytes) }
            slots[index] = Record(
                sequence: sequence, ended: ended, method: request.method,
                packed: Packed(request, reusing: consume storage), rawBody: rawBody, bodyBytes: size,
                bodyTruncated: truncated, status: status, milliseconds: milliseconds)
        }
        release(index)
        withExtendedLifetime(evicted) {}  // the rest of the evicted record: freed here, with the slot free
    }

    /// Records a request answered now (for tests and callers without a clock reading).
    func record(_ request: HTTPRequest, status: Int, milliseconds: Double) {
        record(request, status: status, milliseconds: milliseconds, ended: HTTPRequest.monotonicNanoseconds())
    }

    private func hold(_ slot: Int) {
        while cel_atomic_exchange_if(busy + slot, 0, 1) == 0 { PosixThread.yield() }
    }

    private func release(_ slot: Int) { cel_atomic_store(busy + slot, 0) }

    /// The entries a filter keeps, oldest first.
    public func entries(_ filter: Filter = Filter()) -> [Entry] {
        var records: [Record] = []
        records.reserveCapacity(capacity)
        for slot in 0..<capacity {
            hold(slot)
            let record = slots[slot]
            release(slot)
            if let record { records.append(record) }
        }
        records.sort { $0.sequence < $1.sequence }
        let wallNow = ISODate.nowMilliseconds()
        let monotonicNow = HTTPRequest.monotonicNanoseconds()
        return records.map { $0.entry(wallNow: wallNow, monotonicNow: monotonicNow) }.filter(filter.keeps)
    }

    /// Forgets every entry; answers how many there were.
    @discardableResult
    public func clear() -> Int {
        var count = 0
        for slot in 0..<capacity {
            hold(slot)
            var record: Record? = nil
            swap(&slots[slot], &record)
            release(slot)
            if record != nil { count += 1 }
        }
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
/// it is the outermost middleware. Its scope leaves those paths out (the router never runs it
/// for them). The request's duration runs from when the server began answering it
/// (`HTTPRequest.receivedAt`, the reading the access log uses) to the one clock reading here.
struct JournalMiddleware: HTTPMiddleware {
    let journal: RequestJournal
    let adminPrefix: String

    var scope: MiddlewareScope { .allBut([RestLiteAdmin.firstSegment(of: adminPrefix), "_console"]) }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        let started = request.receivedAt != 0 ? request.receivedAt : HTTPRequest.monotonicNanoseconds()
        do {
            let response = try next(request)
            record(request, status: response.dropsConnection ? 0 : response.status.code, started: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseConvertible)?.httpResponse().status.code ?? 500
            record(request, status: status, started: started)
            throw error
        }
    }

    private func record(_ request: HTTPRequest, status: Int, started: UInt64) {
        let ended = HTTPRequest.monotonicNanoseconds()
        let nanoseconds = ended >= started ? ended - started : 0
        journal.record(request, status: status, milliseconds: Double(nanoseconds) / 1e6, ended: ended)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        duration.fractionalMilliseconds
    }
}
