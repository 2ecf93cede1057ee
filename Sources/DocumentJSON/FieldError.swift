/// One field that failed validation, and why (`"must be a number"`): what a store refused, and
/// one entry of an error body's `list` (`ErrorBody`).
public struct FieldError: Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `"weightKg must be a number"`.
    public var description: String { "\(field) \(message)" }
}
