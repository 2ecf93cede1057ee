#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A non-2xx answer from restdb.io or restlite, as ``RestDBError/server(_:)`` carries it.
///
/// restdb answers errors as `{"name":"ValidationError","message":"...","status":400,
/// "list":[{"field":"weightKg","message":"must be a number"}]}`. A body that is not that shape
/// (an HTML page from a proxy, say) still gives a status, a name derived from it, and a message
/// taken from the body's text.
///
/// ```swift
/// catch RestDBError.server(let answer) {
///     print(answer.status, answer.name, answer.message)
/// }
/// ```
public struct ServerError: Sendable, Equatable {
    /// The HTTP status code.
    ///
    /// ```swift
    /// answer.status  // 404
    /// ```
    public let status: Int

    /// restdb's error name: `BadRequest`, `ValidationError`, `Unauthorized`, `Forbidden`,
    /// `NotFound`, ...
    ///
    /// ```swift
    /// answer.name  // "NotFound"
    /// ```
    public let name: String

    /// What was wrong, in one sentence.
    ///
    /// ```swift
    /// answer.message  // "No document with id 5dbb... in a3cats"
    /// ```
    public let message: String

    /// Per-field problems (validation errors); empty otherwise.
    ///
    /// ```swift
    /// answer.list.first?.field  // "weightKg"
    /// ```
    public let list: [FieldError]

    /// The answer body exactly as received.
    ///
    /// ```swift
    /// String(decoding: answer.body, as: UTF8.self)
    /// ```
    public let body: Data

    /// Makes an answer by hand, e.g. for a test double of your data manager.
    ///
    /// ```swift
    /// let notFound = ServerError(status: 404, name: "NotFound", message: "No such cat")
    /// ```
    public init(status: Int, name: String, message: String, list: [FieldError] = [], body: Data = Data()) {
        self.status = status
        self.name = name
        self.message = message
        self.list = list
        self.body = body
    }
}

/// One field's problem in a validation error.
///
/// ```swift
/// for problem in answer.list { print("\(problem.field): \(problem.message)") }
/// ```
public struct FieldError: Sendable, Equatable {
    /// The field's name.
    ///
    /// ```swift
    /// problem.field  // "weightKg"
    /// ```
    public let field: String

    /// What is wrong with it.
    ///
    /// ```swift
    /// problem.message  // "must be a number"
    /// ```
    public let message: String

    /// Makes a field problem by hand.
    ///
    /// ```swift
    /// FieldError(field: "rating", message: "must be a number")
    /// ```
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
