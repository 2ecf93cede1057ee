import SocketHTTP

/// A stored file (or a thumbnail of one) as an HTTP answer: content type, a strong `ETag`,
/// `Cache-Control`, `If-None-Match` → 304 and a single `Range` → 206 (416 when no byte of it
/// lies in the file).
///
/// Uploaded files are user content on the console's own origin, so they are served so that
/// none can run script there (docs/SECURITY.md, "User content isolation"): a CSP that allows
/// no script and sandboxes the document, and `Content-Disposition: attachment` for every type
/// but raster images and plain text, so HTML, SVG, XML and PDF are downloaded, never shown.
struct MediaResponse {
    let etag: String
    let contentType: String
    let size: Int
    /// The name the file was uploaded with, for the attachment's `filename`.
    var fileName = ""

    /// No script, no plugin, no form, no request out of the file; inline styles and images of
    /// the same origin or `data:` only, which is all a picture or a text file shown by the
    /// browser needs.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

    /// Types a browser shows without running anything: raster pictures and plain text.
    static let inlineTypes: Set<String> = [
        "image/png", "image/jpeg", "image/pjpeg", "image/gif", "image/webp", "image/bmp", "image/x-ms-bmp",
        "image/avif", "image/apng", "image/x-icon", "image/vnd.microsoft.icon", "text/plain",
    ]

    /// Whether a file of this `Content-Type` is shown in the browser rather than downloaded.
    static func isShownInline(_ contentType: String) -> Bool {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return inlineTypes.contains(essence.trimmingBlanks().lowercased())
    }

    /// `attachment; filename="<ASCII name>"; filename*=UTF-8''<percent-encoded name>` (RFC
    /// 6266): quotes, backslashes, control and non-ASCII characters never reach the quoted form.
    static func attachmentDisposition(_ name: String) -> String {
        let plain = String(
            name.unicodeScalars.map { scalar -> Character in
                let printable =
                    scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\"
                return printable ? Character(scalar) : "_"
            })
        guard !name.isEmpty else { return "attachment" }
        var encoded = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar)
            encoded += unreserved ? String(Character(scalar)) : "%" + hexByte(byte)
        }
        return "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(encoded)"
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// The isolation fields every answer of a stored file carries (304 and 206 included).
    private func isolationHeaders(into headers: inout HTTPHeaders) {
        headers.set("Content-Security-Policy", Self.contentSecurityPolicy)
        if !Self.isShownInline(contentType) {
            headers.set("Content-Disposition", Self.attachmentDisposition(fileName))
        }
    }

    /// Media ids never change their bytes, but a name may later mean a newer upload and a
    /// file may be deleted: caches keep it a day and revalidate with the ETag.
    static let cacheControl = "public, max-age=86400"

    func answer(_ request: HTTPRequest, read: (Range<Int>) throws -> [UInt8]) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("ETag", etag)
        headers.set("Cache-Control", Self.cacheControl)
        isolationHeaders(into: &headers)
        if let tags = request.headers["If-None-Match"], Self.matches(tags, etag) {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.set("Accept-Ranges", "bytes")
        headers.set("Content-Type", contentType)
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
