/// Why an import, export or generation failed, and where: the file, the line (or CSV row)
/// and the field when known, so a user can open the file at the right place.
///
/// `description` reads like `cats.json, line 12, field "weightKg": expected a number, found "abc"`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var field: String?
    public var message: String

    public init(file: String? = nil, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        var place: [String] = []
        if let file { place.append(file) }
        if let line { place.append("line \(line)") }
        if let field { place.append("field \"\(field)\"") }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
