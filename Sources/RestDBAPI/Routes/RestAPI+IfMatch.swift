import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// The versions of `If-Match: "<_version>"` on `PUT`/`PATCH /rest/<collection>/<id>`, a
    /// restlite extension for editors such as the console: the change applies only while the
    /// stored document has one of them (checked in the write's transaction), else 409. nil for
    /// no header or `*`: the change applies whatever the version.
    static func ifMatchVersions(_ request: HTTPRequest) throws -> [Int64]? {
        guard let header = request.headers["If-Match"]?.trimmingASCIIWhitespace(), header != "*" else {
            return nil
        }
        let versions = header.split(separator: ",").map { tag -> Int64? in
            var text = tag.trimmingASCIIWhitespace()
            if text.hasPrefix("W/") { text.removeFirst(2) }
            let bare =
                text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
                ? String(text.dropFirst().dropLast()) : text
            return Int64(bare)
        }
        guard !versions.isEmpty, versions.allSatisfy({ $0 != nil }) else {
            throw RestError(
                .badRequest, #"If-Match takes the document's _version in quotes, as in If-Match: "3"."#)
        }
        return versions.compactMap { $0 }
    }

    /// Updates one document, under `If-Match` when the request has it.
    func updateOne(_ id: String, in name: String, with changes: JSONObject, request: HTTPRequest) throws
        -> Document
    {
        guard let versions = try Self.ifMatchVersions(request) else {
            return try store.update(id, in: name, with: changes)
        }
        do {
            return try store.update(id, in: name, with: changes, actor: "api", ifVersionIn: versions)
        } catch let conflict as VersionConflict {
            let sent = versions.map(String.init).joined(separator: ", ")
            throw RestError(
                .conflict,
                "Another client changed document \(id) since you read it (its _version is now "
                    + "\(conflict.current), not \(sent)); GET it again and reapply your change.")
        }
    }
}
