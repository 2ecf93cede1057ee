import Pictures
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

    /// `cacheBytes` bounds the encoded pictures kept in memory (least recently used go first).
    public init(cacheBytes: Int = 32 << 20) {
        cache = PictureCache(budget: cacheBytes)
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
        let spec: PictureSpec
        do {
            spec = try make()
        } catch let error as PictureRequestError {
            return error.httpResponse()
        } catch {
            return PictureRequestError(message: "\(error)").httpResponse()
        }
        let entry = cache.entry(for: spec.key) {
            let body = spec.draw().encoded(as: spec.format)
            return PictureCache.Entry(
                body: body, contentType: spec.format.mimeType, etag: Self.etag(of: body))
        }
        var headers: HTTPHeaders = ["ETag": entry.etag, "Cache-Control": "public, max-age=86400"]
        if let condition = request.headers["If-None-Match"], Self.matches(condition, entry.etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.set("Content-Type", entry.contentType)
        return HTTPResponse(status: .ok, headers: headers, body: entry.body)
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
