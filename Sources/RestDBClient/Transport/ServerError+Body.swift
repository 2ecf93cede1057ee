#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ServerError {
    /// Reads an error answer leniently: restlite's shape, restdb.io's (where a field's message
    /// may be an array of strings), or anything else.
    init(status: Int, body: Data) {
        let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body)
        let text = Self.trimmed(String(decoding: body.prefix(500), as: UTF8.self))
        self.init(
            status: status,
            name: parsed?.name ?? Self.defaultName(for: status),
            message: parsed?.message?.text ?? (text.isEmpty ? "The server answered \(status)." : text),
            list: parsed?.list?.map { FieldError(field: $0.field, message: $0.message?.text ?? "") } ?? [],
            body: body
        )
    }

    /// Without leading and trailing white space and newlines (FoundationEssentials has no
    /// `trimmingCharacters(in:)`).
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    static func defaultName(for status: Int) -> String {
        switch status {
        case 400: return "BadRequest"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "NotFound"
        case 405: return "MethodNotAllowed"
        case 409: return "Conflict"
        case 413: return "PayloadTooLarge"
        case 500: return "InternalError"
        default: return "HTTP\(status)"
        }
    }
}

private struct ErrorBody: Decodable {
    var name: String?
    var message: Text?
    var list: [Item]?

    struct Item: Decodable {
        var field: String
        var message: Text?
    }

    /// A message that is a string or a list of strings.
    struct Text: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let single = try? container.decode(String.self) {
                text = single
            } else {
                text = try container.decode([String].self).joined(separator: "; ")
            }
        }
    }
}
