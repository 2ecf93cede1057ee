#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One sort key of a list, sent in the `$orderby` hint; earlier keys sort first.
///
/// ```swift
/// let best = try await cats.list(sort: [.descending("rating"), .ascending("catName")])
/// // h={"$orderby":{"rating":-1,"catName":1}}
/// ```
public struct Sort: Sendable, Equatable {
    /// The field to sort on, e.g. `"rating"`.
    ///
    /// ```swift
    /// Sort.ascending("rating").field  // "rating"
    /// ```
    public let field: String

    /// `true` for ascending (`1`), `false` for descending (`-1`).
    ///
    /// ```swift
    /// Sort.descending("rating").isAscending  // false
    /// ```
    public let isAscending: Bool

    /// Smallest first (`1`).
    ///
    /// ```swift
    /// try await cats.list(sort: [.ascending("catName")])
    /// ```
    public static func ascending(_ field: String) -> Sort { Sort(field: field, isAscending: true) }

    /// Largest first (`-1`).
    ///
    /// ```swift
    /// try await cats.list(sort: [.descending("birthDate")])
    /// ```
    public static func descending(_ field: String) -> Sort { Sort(field: field, isAscending: false) }
}

/// Which fields a list returns, sent in the `$fields` hint. `_id` always comes back.
///
/// ```swift
/// struct CatName: Codable { var _id: String?; var catName: String }
/// let names = try await client.collection("a3cats", of: CatName.self)
///     .list(fields: .include(["catName"]))  // h={"$fields":{"catName":1}}
/// ```
public enum Fields: Sendable, Equatable {
    /// Only these fields (`{"f":1}`).
    ///
    /// ```swift
    /// Fields.include(["catName", "rating"])  // {"catName":1,"rating":1}
    /// ```
    case include([String])

    /// Every field but these (`{"f":0}`).
    ///
    /// ```swift
    /// Fields.exclude(["photoUrl"])  // {"photoUrl":0}
    /// ```
    case exclude([String])
}
