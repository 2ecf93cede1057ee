/// Why a `q` query, an `h` hint object or a sort parameter was refused. The message names the
/// problem in one sentence, so the caller can pass it on to whoever wrote the query as it is.
///
/// ```swift
/// do { _ = try Query.parse(text: #"{"age":{"$foo":1}}"#) } catch { error.message }
/// // "unknown query operator `$foo` (field `age`)"
/// ```
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of mistake, for callers that react differently to each.
    public enum Kind: Sendable, Equatable {
        /// The `q` or `h` text is not valid JSON.
        case malformedJSON
        /// A `$` key that is not an operator restlite knows.
        case unknownOperator
        /// An operator's operand has the wrong type or shape (`$in` needs an array).
        case wrongOperand
        /// A `$regex` pattern or its `$options` cannot be compiled.
        case invalidRegex
        /// A field name or dotted path breaks the path rule (see `FieldPath`).
        case badFieldPath
        /// A hint (`$orderby`, `$fields`, `$max`, ...) or a sort/dir parameter is malformed.
        case badHint
        /// The query is well formed but too costly to run: a `$regex` that ran past its time
        /// limit, or a query SQLite refuses for its size (`$in`/`$or` lists nested too deep,
        /// too many values).
        case tooComplex
    }

    public let kind: Kind
    /// One sentence for the client.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
