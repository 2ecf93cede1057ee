import Pictures
import PlatformSupport
import SocketHTTP

/// Offline stand-ins for the picture services course apps load from: PlaceKitten
/// (`/placekitten/...`) and dummyimage.com (`/dummyimage/...`). Every picture is drawn by the
/// `Pictures` module, cached by its canonical parameters, and sent with a strong `ETag` (from
/// the bytes) and a day of `Cache-Control`; `If-None-Match` gets a 304. HEAD is answered by
/// the router from the GET routes.
/// ```swift
/// var router = Router()
/// PictureStandIns().register(on: &router)   // GET /placekitten/300/200, /dummyimage/122x217.bmp/f44/fff
/// ```
public struct PictureStandIns: Sendable {
    private let cache: PictureCache
    /// Large answers, each in an unlinked temporary file, within their own byte budget.
    private let files: PictureCache
    /// The caps on one picture, and how large ones are drawn and sent.
    public let limits: PictureLimits
    private let fileDirectory: String
    private let drawSlots: WorkSlots

    /// `cacheBytes` bounds the encoded pictures kept in memory (least recently used go first);
    /// `fileCacheBytes` those kept in temporary files under `fileDirectory` (nil: `$TMPDIR`,
    /// else `/tmp`), which are removed as they leave the cache or when the process ends.
    public init(
        cacheBytes: Int = 32 << 20, limits: PictureLimits = PictureLimits(), fileCacheBytes: Int = 128 << 20,
        fileDirectory: String? = nil
    ) {
        self.init(
            cacheBytes: cacheBytes, limits: limits, fileCacheBytes: fileCacheBytes,
            fileDirectory: fileDirectory,
            drawSlots: WorkSlots(count: limits.concurrentDraws))
    }

    /// The same, drawing large pictures in `drawSlots`, turns shared with the other stand-ins
    /// that draw to a size (the dog-breed API's pictures), so the server as a whole draws no
    /// more than `limits.concurrentDraws` large pictures at once.
    package init(
        cacheBytes: Int = 32 << 20, limits: PictureLimits = PictureLimits(), fileCacheBytes: Int = 128 << 20,
        fileDirectory: String? = nil, drawSlots: WorkSlots
    ) {
        cache = PictureCache(budget: cacheBytes)
        files = PictureCache(budget: fileCacheBytes)
        self.limits = limits
        self.fileDirectory = fileDirectory ?? FileSystem.temporaryDirectory
        self.drawSlots = drawSlots
    }

    /// Adds the PlaceKitten and dummyimage routes.
    public func register(on router: inout Router) {
        for grey in [false, true] {
            let prefix = grey ? "/placekitten/g" : "/placekitten"
            let handler: Router.Handler = { request in
                answer(request) {
                    try .placeKitten(
                        width: request.pathParameters["width"] ?? "",
                        height: request.pathParameters["height"],
                        grey: grey, image: request.queryValue("image"))
                }
            }
            router.get(prefix + "/:width/:height", handler)
            router.get(prefix + "/:width", handler)
        }
        let dummy: Router.Handler = { request in answer(request) { try dummyImageSpec(request) } }
        router.get("/dummyimage/:size", dummy)
        router.get("/dummyimage/:size/:background", dummy)
        router.get("/dummyimage/:size/:background/:foreground", dummy)
    }

    /// The segments and text of a dummyimage URL; `&text=` inside the path (the service's own
    /// spelling) is read from the raw path so `+` means a space as it does in a query.
    private func dummyImageSpec(_ request: HTTPRequest) throws -> PictureSpec {
        var segments = ["size", "background", "foreground"].compactMap { request.pathParameters[$0] }
        var text = request.queryValue("text")
        if let last = segments.last, let marker = last.firstRange(of: "&text=") {
            segments[segments.count - 1] = String(last[..<marker.lowerBound])
            if let raw = request.rawPath.firstRange(of: "&text=") {
                text = PercentDecoding.decode(request.rawPath[raw.upperBound...], plusIsSpace: true)
            }
        }
        return try .dummyImage(segments: segments, text: text)
    }

    private func answer(_ request: HTTPRequest, make: () throws -> PictureSpec) -> HTTPResponse {
        let entry: PictureCache.Entry
        do {
            let spec = try make()
            try limits.check(width: spec.width, height: spec.height, format: spec.format)
            entry = try picture(spec)
        } catch let error as PictureRequestError {
            return error.httpResponse()
        } catch let error as PictureBusyError {
            return error.httpResponse()
        } catch {
            return PictureRequestError(message: "\(error)").httpResponse()
        }
        var headers: HTTPHeaders = ["ETag": entry.etag, "Cache-Control": "public, max-age=86400"]
        if let condition = request.headers["If-None-Match"], Self.matches(condition, entry.etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.set("Content-Type", entry.contentType)
        if let file = entry.file { return .file(headers: headers, file) }
        return HTTPResponse(status: .ok, headers: headers, body: entry.body)
    }

    /// The cached picture, or a new one. A picture whose pixels pass `streamingThreshold`
    /// waits for one of the few drawing turns, so a crowd draws no more than that many at once.
    private func picture(_ spec: PictureSpec) throws -> PictureCache.Entry {
        if let hit = cache.lookup(spec.key) ?? files.lookup(spec.key) { return hit }
        guard limits.isLarge(width: spec.width, height: spec.height) else { return try draw(spec) }
        guard drawSlots.acquire(waitingAtMost: limits.drawWaitMilliseconds) else {
            throw PictureBusyError()
        }
        defer { drawSlots.release() }
        // Someone else may have drawn it while this request waited.
        if let hit = files.lookup(spec.key) ?? cache.lookup(spec.key) { return hit }
        return try draw(spec)
    }

    private func draw(_ spec: PictureSpec) throws(PictureRequestError) -> PictureCache.Entry {
        let body = spec.draw().encoded(as: spec.format)
        guard body.count <= limits.maxBytes else {
            throw PictureRequestError(
                message: "the \(spec.width)×\(spec.height) picture takes \(body.count) bytes, more than this "
                    + "server's limit of \(limits.maxBytes) (restlite serve --max-picture-bytes)")
        }
        let etag = Self.etag(of: body)
        let type = spec.format.mimeType
        if body.count > limits.streamingThreshold, let file = Self.temporaryFile(body, in: fileDirectory) {
            let entry = PictureCache.Entry(body: [], contentType: type, etag: etag, file: file)
            files.store(entry, for: spec.key)
            return entry
        }
        let entry = PictureCache.Entry(body: body, contentType: type, etag: etag)
        cache.store(entry, for: spec.key)
        return entry
    }

    /// `bytes` in a new unlinked file; nil when it cannot be written (they are then kept in
    /// memory like a small picture's).
    private static func temporaryFile(_ bytes: [UInt8], in directory: String) -> HTTPBodyFile? {
        do {
            let file = try HTTPBodyFile(directory: directory)
            var written = false
            bytes.withUnsafeBytes { buffer in written = (try? file.append(buffer)) != nil }
            return written ? file : nil
        } catch {
            return nil
        }
    }

    /// A strong validator: FNV-1a (64-bit) of the bytes and their count.
    static func etag(of body: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return "\"\(String(hash, radix: 16))-\(String(body.count, radix: 16))\""
    }

    /// `If-None-Match` uses weak comparison: `*`, or any listed tag equal once `W/` is dropped.
    static func matches(_ condition: String, _ etag: String) -> Bool {
        condition.split(separator: ",").contains { item in
            var tag = item.trimmingASCIIWhitespace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
