import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `If-Match: "<_version>"` on `PUT`/`PATCH /rest/<collection>/<id>`, a restlite extension
    /// for editors such as the console: the change applies only while the stored document still
    /// has that `_version`, else 409. `*` (or no header) applies it whatever the version.
    func checkIfMatch(_ request: HTTPRequest, id: String, in name: String) throws {
        guard let header = request.headers["If-Match"]?.trimmingASCIIWhitespace(), header != "*" else {
            return
        }
        let expected = header.split(separator: ",").map { tag -> String in
            var text = tag.trimmingASCIIWhitespace()
            if text.hasPrefix("W/") { text.removeFirst(2) }
            return text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"")
                ? String(text.dropFirst().dropLast()) : text
        }
        guard expected.allSatisfy({ Int64($0) != nil }) else {
            throw RestError(
                .badRequest, #"If-Match takes the document's _version in quotes, as in If-Match: "3"."#)
        }
        let stored = try store.document(id, in: name).version
        guard expected.contains(String(stored)) else {
            throw RestError(
                .conflict,
                "Another client changed document \(id) since you read it (its _version is now \(stored), "
                    + "not \(expected.joined(separator: ", "))); GET it again and reapply your change.")
        }
    }
}
