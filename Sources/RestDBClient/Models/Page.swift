#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One page of a list with the server's counts, as `GET /rest/<coll>?totals=true` answers.
///
/// ```swift
/// let page = try await cats.page(skip: 20, max: 10)
/// print("showing \(page.data.count) of \(page.totals.total)")
/// ```
public struct Page<Document: Decodable>: Decodable {
    /// The documents on this page.
    ///
    /// ```swift
    /// for cat in page.data { print(cat.catName) }
    /// ```
    public let data: [Document]

    /// How many documents match in all, and where this page sits among them.
    ///
    /// ```swift
    /// let hasMore = page.totals.skip + page.totals.count < page.totals.total
    /// ```
    public let totals: Totals
}

extension Page: Sendable where Document: Sendable {}

/// The counts that come with a ``Page``.
///
/// ```swift
/// let totals = try await cats.page(max: 10).totals  // total 100, count 10, skip 0, max 10
/// ```
public struct Totals: Decodable, Sendable, Equatable {
    /// Documents matching the query, ignoring paging.
    ///
    /// ```swift
    /// let pages = (totals.total + 9) / 10
    /// ```
    public let total: Int

    /// Documents on this page.
    ///
    /// ```swift
    /// totals.count == page.data.count  // true
    /// ```
    public let count: Int

    /// Documents skipped before this page.
    ///
    /// ```swift
    /// let nextSkip = totals.skip + totals.count
    /// ```
    public let skip: Int

    /// The most documents a page may hold.
    ///
    /// ```swift
    /// totals.max  // 1000 unless you asked for fewer
    /// ```
    public let max: Int
}
