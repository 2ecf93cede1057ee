import CSQLite

/// SQLite failures that are the fault of a client's query rather than of the store: SQLite
/// refusing the compiled statement for its size or shape, or a query function giving up (a
/// `$regex` past its time limit). The store reports them as `StoreError.badRequest`, the
/// caller's mistake, instead of letting them surface as failures of the store.
package enum QueryFailure {
    /// Starts the message of every error a query function raises with `sqlite3_result_error`;
    /// the rest of the message is meant for the client.
    static let marker = "restlite query: "

    /// The answer to a SUM of integers beyond 64 bits (SQLite's "integer overflow").
    package static let sumOverflow =
        "A SUM of these values overflows a 64-bit integer; aggregate fewer documents."

    /// SQLite's messages for a statement over one of its compile-time limits.
    private static let limitMessages = [
        "Expression tree is too large", "too many SQL variables", "parser stack overflow",
        "too many FROM clause terms", "tables in a join", "too many arguments on function",
        "too many terms in compound SELECT", "too many columns", "too many references to",
        "LIKE or GLOB pattern too complex",
    ]

    /// The client's error for `error`, or nil when the failure is the store's own.
    static func storeError(_ error: SQLiteError) -> StoreError? {
        if error.message.hasPrefix(marker) {
            return .badRequest(String(error.message.dropFirst(marker.count)))
        }
        // SQLite's SUM refuses to leave the 64-bit integers (`TOTAL` would lose digits silently).
        if error.message == "integer overflow" { return .badRequest(sumOverflow) }
        let tooLarge = error.primaryCode == SQLITE_TOOBIG
        guard tooLarge || limitMessages.contains(where: { error.message.contains($0) }) else { return nil }
        return .badRequest(
            "The query is too complex for the database (SQLite: \(error.message)); use fewer or"
                + " less deeply nested conditions, or split it into several queries.")
    }
}

extension DocumentStore {
    /// Runs `body`, which runs a statement compiled from a client's query, turning the
    /// query's failures (`QueryFailure`) into `StoreError.badRequest`. With a query budget
    /// (`Options.queryBudget`) the statement is stopped once the budget is spent.
    func reportingQueryFailures<T>(_ body: () throws -> T) throws -> T {
        guard let budget = queryBudget else { return try Self.reporting(nil, body) }
        let deadline = QueryDeadline(budget: budget)
        return try QueryBudget.$current.withValue(deadline) { try Self.reporting(deadline, body) }
    }

    private static func reporting<T>(_ deadline: QueryDeadline?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            // The progress handler stops the statement with SQLITE_INTERRUPT; say why.
            if let deadline, deadline.expired { throw StoreError.badRequest(deadline.message) }
            throw QueryFailure.storeError(error) ?? error
        }
    }
}
