import DocumentJSON
import DocumentStore
import SocketHTTP

/// Reads a write's body: JSON, or `application/x-www-form-urlencoded` whose string values are
/// typed by the collection's schema (and by the import rules where no schema types a field).
/// The schema is looked up only for form bodies, so a JSON write pays nothing for it. A "form"
/// whose text is a JSON object or array is read as JSON.
enum RequestBody {
    static func value(
        of request: HTTPRequest, schema: @autoclosure () -> CollectionSchema?
    ) throws -> JSONValue {
        if isForm(request) { return .object(try form(request.body, schema: schema())) }
        guard request.body.contains(where: { !isWhitespace($0) }) else {
            throw RestError(.badRequest, "The request has no body; send a JSON object (or an array of them).")
        }
        return try JSON.parse(request.body)
    }

    /// The body as one object, for PUT and PATCH; an empty body is `{}` (the write changes
    /// no field and still counts as a new version).
    static func object(
        of request: HTTPRequest, schema: @autoclosure () -> CollectionSchema?
    ) throws -> JSONObject {
        guard request.body.contains(where: { !isWhitespace($0) }) else { return JSONObject() }
        guard case .object(let object) = try value(of: request, schema: schema()) else {
            throw RestError(.badRequest, "The body must be a JSON object of the fields to change.")
        }
        return object
    }

    /// A form body, unless its text opens like JSON: `curl -d '{"rating":4}'` labels JSON as a
    /// form, and reading it as one would store a field named `{"rating":4}`.
    private static func isForm(_ request: HTTPRequest) -> Bool {
        guard
            request.headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded")
                == true
        else { return false }
        let first = request.body.first { !isWhitespace($0) }
        return first != UInt8(ascii: "{") && first != UInt8(ascii: "[")
    }

    /// `name=value&...`; a piece without `=` (`curl -d 'hello cats'`) or with a malformed
    /// `%` escape is refused rather than stored as a field of that name.
    private static func form(_ body: [UInt8], schema: CollectionSchema?) throws -> JSONObject {
        let text = String(decoding: body, as: UTF8.self)
        for piece in text.split(separator: "&") where !piece.isEmpty {
            guard piece.contains("=") else {
                throw RestError(
                    .badRequest,
                    "The form body has a part without '=' (\"\(piece.prefix(40))\"); send name=value pairs, "
                        + "or a JSON object with Content-Type: application/json.")
            }
            guard PercentDecoding.isValidEncoding(piece) else {
                throw RestError(
                    .badRequest,
                    "The form body has a malformed %-escape in \"\(piece.prefix(40))\"; "
                        + "each % must be followed by two hex digits.")
            }
        }
        var object = JSONObject()
        for item in PercentDecoding.queryItems(text) where !item.name.isEmpty {
            object[item.name] = FormValue.convert(item.value, type: schema?.field(named: item.name)?.type)
        }
        return object
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
