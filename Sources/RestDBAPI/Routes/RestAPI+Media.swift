import DocumentJSON
import DocumentStore
import MediaArchive
import SocketHTTP

/// restdb's media archive: `POST /media` (multipart upload), `GET /media/<id or name>` with
/// `?s=t` / `?s=w` thumbnails, `GET /media/<id>/meta`, `DELETE /media/<id>`, and restlite's
/// own `GET /media` list. Which of them need a key is `KeyMiddleware`'s business.
extension RestAPI {
    func addMediaRoutes(to router: inout Router) {
        router.get("/media") { _ in try listMedia() }
        router.post("/media", spoolingBody: true) { request in try uploadMedia(request) }
        router.get("/media/:name") { request in try getMedia(request) }
        router.get("/media/:name/meta") { request in try mediaMeta(request) }
        router.delete("/media/:name") { request in try deleteMedia(request) }
    }

    func uploadMedia(_ request: HTTPRequest) throws -> HTTPResponse {
        let form: MultipartForm
        // A body that came after its head is on disk (`spoolingBody`): read in pieces, never whole.
        let source: any MediaByteSource = request.bodyFile.map(SpooledBody.init) ?? request.body
        do {
            form = try MultipartForm(
                source: source, contentType: request.headers["Content-Type"] ?? "",
                maxParts: options.maxUploadParts)
        } catch  where error.partLimit != nil {
            throw RestError(.payloadTooLarge, error.message + " (restlite serve --max-upload-parts)")
        } catch {
            throw RestError(.badRequest, error.message)
        }
        // A browser sends an empty part with filename="" for a file input left empty.
        let uploads = form.parts.compactMap { part -> MediaStore.Upload? in
            guard let filename = part.filename, !(filename.isEmpty && part.content.isEmpty) else {
                return nil
            }
            return MediaStore.Upload(
                fieldName: part.name, filename: filename, declaredType: part.contentType, source: source,
                range: part.content)
        }
        let records: [MediaRecord]
        do {
            records = try media.add(uploads)
        } catch .io(let call, let path, let code) {
            // The server's failure, not the client's: a 500, logged once by ErrorMiddleware.
            throw MediaStoreError.io(call, path: path, errno: code)
        } catch .full {
            throw RestError(.payloadTooLarge, MediaStoreError.full(limit: media.memoryLimit).message)
        } catch .unavailable(let reason, let seconds) {
            throw StoreUnavailable(reason: reason, retryAfterSeconds: seconds)
        } catch .database(let message) {
            throw MediaStoreError.database(message)
        } catch {
            throw RestError(.badRequest, error.message)
        }
        let answer: JSONObject = [
            "msg": "OK", "uploadid": .string(ObjectID.generate()),
            "ids": .array(records.map { .string($0.id) }),
        ]
        return .json(.created, answer.serialized())
    }

    func getMedia(_ request: HTTPRequest) throws -> HTTPResponse {
        let record = try mediaRecord(request)
        guard let sizeName = request.queryValue("s") else {
            let response = MediaResponse(
                etag: record.etag, contentType: record.mimeType, size: record.size,
                fileName: record.originalName)
            return try response.answer(request) { range in
                try Self.mediaCall { () throws(MediaStoreError) in
                    try media.contents(of: record, range: range)
                }
            }
        }
        guard let size = ThumbnailSize(rawValue: sizeName) else {
            throw RestError(.badRequest, "s=\(sizeName) is not a size; use s=t (128 px) or s=w (640 px).")
        }
        let thumbnail: Thumbnail
        do {
            thumbnail = try media.thumbnail(of: record, size: size)
        } catch MediaStoreError.unavailable(let reason, let seconds) {
            throw StoreUnavailable(reason: reason, retryAfterSeconds: seconds)
        }
        let response = MediaResponse(
            etag: "\"\(record.id)-\(size.rawValue)\"", contentType: thumbnail.mimeType,
            size: thumbnail.bytes.count)
        return try response.answer(request) { range in Array(thumbnail.bytes[range]) }
    }

    func mediaMeta(_ request: HTTPRequest) throws -> HTTPResponse {
        .json(.ok, try mediaRecord(request).json.serialized())
    }

    func deleteMedia(_ request: HTTPRequest) throws -> HTTPResponse {
        let record = try mediaRecord(request)
        _ = try Self.mediaCall { () throws(MediaStoreError) in try media.delete(record.id) }
        return Self.result([record.id])
    }

    func listMedia() throws -> HTTPResponse {
        .json(.ok, JSONValue.array(try Self.mediaCall(media.all).map(\.json)).serialized())
    }

    private func mediaRecord(_ request: HTTPRequest) throws -> MediaRecord {
        let key = request.pathParameters["name"] ?? ""
        guard let record = try Self.mediaCall({ () throws(MediaStoreError) in try media.record(key) }) else {
            throw RestError(
                .notFound, "No media file has the id or name '\(key)'; POST /media answers the ids.")
        }
        return record
    }
}

extension RestAPI {
    /// An archive call whose database is unreachable answers 503 with `Retry-After`; its other
    /// failures are the server's (500).
    static func mediaCall<T>(_ body: () throws(MediaStoreError) -> T) throws -> T {
        do {
            return try body()
        } catch .unavailable(let reason, let seconds) {
            throw StoreUnavailable(reason: reason, retryAfterSeconds: seconds)
        }
    }
}

extension ThumbnailError: RestErrorConvertible {
    public var restError: RestError { RestError(.badRequest, message) }
}

extension ThumbnailBusyError: HTTPResponseConvertible {
    /// restdb's error body with the status 503, and `Retry-After`.
    public func httpResponse() -> HTTPResponse {
        var response = RestError(.serviceUnavailable, message).httpResponse()
        response.headers.set("Retry-After", String(retryAfterSeconds))
        return response
    }
}
