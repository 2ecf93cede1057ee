import SocketHTTP

/// A stored file (or a thumbnail of one) as an HTTP answer: content type, a strong `ETag`,
/// `Cache-Control`, `If-None-Match` → 304 and a single `Range` → 206 (416 when no byte of it
/// lies in the file).
struct MediaResponse {
    let etag: String
    let contentType: String
    let size: Int

    /// Media ids never change their bytes, but a name may later mean a newer upload and a
    /// file may be deleted: caches keep it a day and revalidate with the ETag.
    static let cacheControl = "public, max-age=86400"

    func answer(_ request: HTTPRequest, read: (Range<Int>) throws -> [UInt8]) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("ETag", etag)
        headers.set("Cache-Control", Self.cacheControl)
        if let tags = request.headers["If-None-Match"], Self.matches(tags, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.set("Accept-Ranges", "bytes")
        headers.set("Content-Type", contentType)
        // A stored file is served as what it was declared; the browser must not guess otherwise.
        headers.set("X-Content-Type-Options", "nosniff")
        switch range(for: request) {
        case .whole:
            return HTTPResponse(status: .ok, headers: headers, body: try read(0..<size))
        case .part(let range):
            headers.set("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)")
            return HTTPResponse(status: .partialContent, headers: headers, body: try read(range))
        case .unsatisfiable:
            var refusal = RestError(.rangeNotSatisfiable, "The range lies outside the file's \(size) bytes.")
                .httpResponse()
            refusal.headers.set("Content-Range", "bytes */\(size)")
            return refusal
        }
    }

    /// `If-Range` with another validator means the client's copy is stale: send everything.
    private func range(for request: HTTPRequest) -> ByteRange {
        if let condition = request.headers["If-Range"], condition != etag { return .whole }
        return ByteRange(header: request.headers["Range"], size: size)
    }

    /// Weak comparison, as `If-None-Match` asks (RFC 9110 §13.1.2): `W/` is ignored.
    static func matches(_ list: String, _ etag: String) -> Bool {
        if list.trimmingBlanks() == "*" { return true }
        return list.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingBlanks()
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
