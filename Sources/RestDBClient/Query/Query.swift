#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A restdb query, sent as the `q` parameter: MongoDB-style JSON built in Swift.
///
/// Conditions on several fields are all required (they share one JSON object, in the order
/// written); ``and(_:)-swift.type.method`` and ``or(_:)`` combine whole queries. Two operator
/// conditions on one field merge: `.where("rating", .gte(2)).and("rating", .lte(4))` gives
/// `{"rating":{"$gte":2,"$lte":4}}`.
///
/// ```swift
/// let query = Query.where("rating", .gte(4)).and("breedId", .in(["abys", "beng"]))
/// // {"rating":{"$gte":4},"breedId":{"$in":["abys","beng"]}}
/// let cats = try await client.collection("a3cats", of: Cat.self).list(query)
/// ```
public struct Query: Sendable {
    private var members: [(field: String, condition: Condition)]
    private var raw: String?

    private init(members: [(field: String, condition: Condition)], raw: String? = nil) {
        self.members = members
        self.raw = raw
    }

    /// Every document: `{}`.
    ///
    /// ```swift
    /// let everything = try await cats.list(.all)
    /// ```
    public static let all = Query(members: [])

    /// Documents whose `field` satisfies `condition`. `field` may be a dotted path (`owner.name`).
    ///
    /// ```swift
    /// Query.where("rating", .gte(4))   // {"rating":{"$gte":4}}
    /// Query.where("breedId", "abys")   // {"breedId":"abys"}
    /// ```
    public static func `where`(_ field: String, _ condition: Condition) -> Query {
        Query(members: [(field, condition)])
    }

    /// This query, and also `field` satisfies `condition`.
    ///
    /// ```swift
    /// Query.where("rating", .gte(4)).and("weightKg", .lt(3))
    /// // {"rating":{"$gte":4},"weightKg":{"$lt":3}}
    /// ```
    public func and(_ field: String, _ condition: Condition) -> Query {
        guard raw == nil else { return .and(self, .where(field, condition)) }
        guard let index = members.firstIndex(where: { $0.field == field }) else {
            return Query(members: members + [(field, condition)])
        }
        guard let merged = Self.merge(members[index].condition, condition) else {
            return .and(self, .where(field, condition))
        }
        var copy = self
        copy.members[index].condition = merged
        return copy
    }

    /// Documents matching every one of `queries` (`$and`).
    ///
    /// ```swift
    /// Query.and(.where("rating", 5), .where("breedId", "abys"))
    /// // {"$and":[{"rating":5},{"breedId":"abys"}]}
    /// ```
    public static func and(_ queries: Query...) -> Query { combined("$and", queries) }

    /// Documents matching at least one of `queries` (`$or`).
    ///
    /// ```swift
    /// Query.or(.where("rating", 5), .where("weightKg", .lt(2)))
    /// // {"$or":[{"rating":5},{"weightKg":{"$lt":2}}]}
    /// ```
    public static func or(_ queries: Query...) -> Query { combined("$or", queries) }

    /// A query written as JSON text, sent as is (after percent-encoding).
    ///
    /// ```swift
    /// Query.raw(#"{"rating":{"$gte":4}}"#)
    /// ```
    public static func raw(_ json: String) -> Query { Query(members: [], raw: json) }

    /// The JSON text sent as `q`, e.g. to try the same query in Postman.
    ///
    /// Throws ``RestDBError/encoding(_:)`` if an operand could not be encoded (a non-finite
    /// `Double`, or an `Encodable` that throws).
    ///
    /// ```swift
    /// try Query.where("rating", .gte(4)).jsonString()  // {"rating":{"$gte":4}}
    /// ```
    public func jsonString() throws -> String {
        do {
            return try fragment.rendered()
        } catch {
            throw RestDBError.encoding(error)
        }
    }

    var isEmpty: Bool { raw == nil && members.isEmpty }

    var fragment: JSONFragment {
        if let raw {
            return JSONFragment(text: raw)
        }
        return .object(members.map { ($0.field, $0.condition.fragment) })
    }

    private static func combined(_ name: String, _ queries: [Query]) -> Query {
        let array = JSONFragment.array(queries.map(\.fragment))
        return Query(members: [(name, Condition(body: .equals(array)))])
    }

    /// Operator lists on one field merge when no operator repeats; anything else needs `$and`.
    private static func merge(_ first: Condition, _ second: Condition) -> Condition? {
        guard case .operators(let left) = first.body, case .operators(let right) = second.body else {
            return nil
        }
        let names = Set(left.map(\.name))
        guard right.allSatisfy({ !names.contains($0.name) }) else { return nil }
        return Condition(body: .operators(left + right))
    }
}
