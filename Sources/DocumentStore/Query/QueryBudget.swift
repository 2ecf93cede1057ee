import PlatformSupport

/// The time one client query may run: SQLite's progress handler and the `$regex` function
/// both check it, so a query that is slow on every row (a pattern just under ICU's per-value
/// limit, over thousands of values) ends at the budget instead of holding a thread.
///
/// The deadline is bound to the calling thread for the duration of one query
/// (`DocumentStore.reportingQueryFailures`); the SQLite callbacks run on that same thread.
package final class QueryDeadline: @unchecked Sendable {
    let budget: Duration
    private let deadline: ContinuousClock.Instant
    /// Set (on the query's own thread) once a check found the deadline past.
    private(set) var expired = false

    package init(budget: Duration) {
        self.budget = budget
        deadline = ContinuousClock.now + budget
    }

    /// True once the budget is spent; remembered, so the store can tell why SQLite stopped.
    func isPast() -> Bool {
        if !expired && ContinuousClock.now >= deadline { expired = true }
        return expired
    }

    /// The client's error: what ran out, which setting raises it, what to do.
    package var message: String {
        "the query ran past restlite's \(Self.describe(budget)) budget (restlite serve --query-budget);"
            + " narrow it (an anchored or more selective condition, fewer documents) or split it"
    }

    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}

enum QueryBudget {
    /// The deadline of the query running on this thread, if it has one.
    @TaskLocal static var current: QueryDeadline?

    /// VM instructions between two checks of the deadline: a few microseconds of work.
    static let checkInterval: Int32 = 1000
}
