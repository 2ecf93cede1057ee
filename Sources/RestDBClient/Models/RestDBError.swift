#if canImport(Darwin)
    import Foundation
#else
    import FoundationEssentials
#endif

/// Everything the client throws: the network failed, the server said no, an answer did not
/// decode, a value did not encode, or the request could not be made.
///
/// A non-2xx answer is never a crash: it becomes ``server(_:)`` with restdb's `name`,
/// `message` and field `list`, and the raw body.
///
/// ```swift
/// do {
///     _ = try await cats.create(cat)
/// } catch RestDBError.server(let answer) where answer.name == "ValidationError" {
///     for problem in answer.list { print(problem.field, problem.message) }
/// } catch RestDBError.transport(let underlying) {
///     print("Is restlite running? \(underlying)")
/// }
/// ```
public enum RestDBError: Error, Sendable {
    /// The request never got an HTTP answer (no server, no network, timeout, cancelled).
    ///
    /// ```swift
    /// catch RestDBError.transport(let error as URLError) where error.code == .cannotConnectToHost {}
    /// ```
    case transport(any Error)

    /// The server answered with a status outside 200–299.
    ///
    /// ```swift
    /// catch RestDBError.server(let answer) where answer.status == 404 { print(answer.message) }
    /// ```
    case server(ServerError)

    /// A 2xx answer whose body is not the JSON the model expects.
    ///
    /// ```swift
    /// catch RestDBError.decoding(let error, let body) { print(error, String(decoding: body, as: UTF8.self)) }
    /// ```
    case decoding(any Error, body: Data)

    /// A document, partial update or query operand could not be encoded as JSON.
    ///
    /// ```swift
    /// catch RestDBError.encoding(let error) { print("cannot send: \(error)") }
    /// ```
    case encoding(any Error)

    /// The request could not be made, e.g. an empty document id.
    ///
    /// ```swift
    /// catch RestDBError.invalidRequest(let reason) { print(reason) }
    /// ```
    case invalidRequest(String)

    /// The HTTP status for ``server(_:)``, otherwise `nil`.
    ///
    /// ```swift
    /// if error.status == 404 { showNotFound() }
    /// ```
    public var status: Int? {
        if case .server(let answer) = self { return answer.status }
        return nil
    }

    /// restdb's error name for ``server(_:)`` (`ValidationError`, `NotFound`, ...), otherwise `nil`.
    ///
    /// ```swift
    /// if error.name == "ValidationError" { highlightFields(error.list) }
    /// ```
    public var name: String? {
        if case .server(let answer) = self { return answer.name }
        return nil
    }

    /// Per-field problems of a validation error; empty otherwise.
    ///
    /// ```swift
    /// let badFields = error.list.map(\.field)  // ["weightKg"]
    /// ```
    public var list: [FieldError] {
        if case .server(let answer) = self { return answer.list }
        return []
    }

    /// The raw answer body for ``server(_:)`` and ``decoding(_:body:)``, otherwise `nil`.
    ///
    /// ```swift
    /// if let body = error.body { print(String(decoding: body, as: UTF8.self)) }
    /// ```
    public var body: Data? {
        switch self {
        case .server(let answer): return answer.body
        case .decoding(_, let body): return body
        default: return nil
        }
    }

    /// One sentence saying what went wrong.
    ///
    /// ```swift
    /// alert.message = error.message  // "weightKg must be a number"
    /// ```
    public var message: String {
        switch self {
        case .transport(let error):
            #if canImport(Darwin)
                return "The request failed before the server answered: \(error.localizedDescription)"
            #else
                // FoundationEssentials has no `Error.localizedDescription`.
                let text = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
                return "The request failed before the server answered: \(text)"
            #endif
        case .server(let answer): return answer.message
        case .decoding(let error, _): return "The answer did not decode: \(error)"
        case .encoding(let error): return "The request body could not be encoded: \(error)"
        case .invalidRequest(let reason): return reason
        }
    }
}

extension RestDBError: LocalizedError, CustomStringConvertible {
    /// The ``message``, so `error.localizedDescription` is useful in an alert.
    ///
    /// ```swift
    /// catch { alert.message = error.localizedDescription }
    /// ```
    public var errorDescription: String? { message }

    /// The status and name (if any) and the message.
    ///
    /// ```swift
    /// print(error)  // "400 ValidationError: weightKg must be a number"
    /// ```
    public var description: String {
        guard case .server(let answer) = self else { return message }
        return "\(answer.status) \(answer.name): \(answer.message)"
    }
}
