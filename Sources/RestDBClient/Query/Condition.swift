#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a field must satisfy in a ``Query``: equality or one or more restdb operators.
///
/// Literals mean equality, so `.where("breedId", "abys")` gives `{"breedId":"abys"}`. Dates
/// become `{"$date": "..."}` so they compare as points in time.
///
/// ```swift
/// let goodCats = Query.where("rating", .gte(4))               // {"rating":{"$gte":4}}
/// let notAbys = Query.where("breedId", .not("abys"))           // {"breedId":{"$not":"abys"}}
/// let young = Query.where("birthDate", .gt(Date(timeIntervalSince1970: 1_500_000_000)))
/// ```
public struct Condition: Sendable {
    enum Body: Sendable {
        /// A plain value: restdb's equality.
        case equals(JSONFragment)
        /// Operators in the order given, e.g. `[("$gte", 2), ("$lte", 4)]`.
        case operators([(name: String, operand: JSONFragment)])
    }

    let body: Body

    /// The JSON that goes under the field name.
    var fragment: JSONFragment {
        switch body {
        case .equals(let value): return value
        case .operators(let operators): return .object(operators.map { ($0.name, $0.operand) })
        }
    }

    private static func op(_ name: String, _ operand: JSONFragment) -> Condition {
        Condition(body: .operators([(name, operand)]))
    }

    private static func operand(_ value: some Encodable) -> JSONFragment {
        JSONFragment(encoding: value, datesAsQueryOperands: true)
    }

    /// Equal to `value` (`{"f": value}`); also matches arrays that contain it.
    ///
    /// ```swift
    /// Query.where("breedId", .eq(selectedBreed))  // {"breedId":"abys"}
    /// ```
    public static func eq(_ value: some Encodable) -> Condition {
        Condition(body: .equals(operand(value)))
    }

    /// Not equal to `value` (`$ne`).
    ///
    /// ```swift
    /// Query.where("rating", .ne(1))  // {"rating":{"$ne":1}}
    /// ```
    public static func ne(_ value: some Encodable) -> Condition { op("$ne", operand(value)) }

    /// Greater than `value` (`$gt`).
    ///
    /// ```swift
    /// Query.where("weightKg", .gt(4.5))  // {"weightKg":{"$gt":4.5}}
    /// ```
    public static func gt(_ value: some Encodable) -> Condition { op("$gt", operand(value)) }

    /// Greater than or equal to `value` (`$gte`).
    ///
    /// ```swift
    /// Query.where("rating", .gte(4))  // {"rating":{"$gte":4}}
    /// ```
    public static func gte(_ value: some Encodable) -> Condition { op("$gte", operand(value)) }

    /// Less than `value` (`$lt`).
    ///
    /// ```swift
    /// Query.where("weightKg", .lt(2))  // {"weightKg":{"$lt":2}}
    /// ```
    public static func lt(_ value: some Encodable) -> Condition { op("$lt", operand(value)) }

    /// Less than or equal to `value` (`$lte`).
    ///
    /// ```swift
    /// Query.where("rating", .lte(2))  // {"rating":{"$lte":2}}
    /// ```
    public static func lte(_ value: some Encodable) -> Condition { op("$lte", operand(value)) }

    /// One of `values` (`$in`).
    ///
    /// ```swift
    /// Query.where("breedId", .in(["abys", "beng"]))  // {"breedId":{"$in":["abys","beng"]}}
    /// ```
    public static func `in`<Value: Encodable>(_ values: [Value]) -> Condition {
        op("$in", operand(values))
    }

    /// None of `values` (`$nin`).
    ///
    /// ```swift
    /// Query.where("breedId", .nin(["abys", "beng"]))  // {"breedId":{"$nin":["abys","beng"]}}
    /// ```
    public static func nin<Value: Encodable>(_ values: [Value]) -> Condition {
        op("$nin", operand(values))
    }

    /// The field is present (`true`) or absent (`false`) (`$exists`).
    ///
    /// ```swift
    /// Query.where("photoUrl", .exists())  // {"photoUrl":{"$exists":true}}
    /// ```
    public static func exists(_ present: Bool = true) -> Condition { op("$exists", operand(present)) }

    /// A text field matches the regular expression `pattern` (`$regex`), with restdb
    /// `options` such as `"i"` for case-insensitive.
    ///
    /// ```swift
    /// Query.where("ownerName", .regex("^ann", options: "i"))
    /// // {"ownerName":{"$regex":"^ann","$options":"i"}}
    /// ```
    public static func regex(_ pattern: String, options: String? = nil) -> Condition {
        var operators: [(name: String, operand: JSONFragment)] = [("$regex", .string(pattern))]
        if let options {
            operators.append(("$options", .string(options)))
        }
        return Condition(body: .operators(operators))
    }

    /// Between `low` and `high`, both included (restdb's `$bt`).
    ///
    /// ```swift
    /// Query.where("rating", .between(2, 4))  // {"rating":{"$bt":[2,4]}}
    /// ```
    public static func between<Value: Encodable>(_ low: Value, _ high: Value) -> Condition {
        op("$bt", .array([operand(low), operand(high)]))
    }

    /// The opposite of `condition` (`$not`). With a plain value it means "not equal", as in
    /// restdb's documentation.
    ///
    /// ```swift
    /// Query.where("rating", .not(.gte(4)))  // {"rating":{"$not":{"$gte":4}}}
    /// Query.where("breedId", .not("abys"))  // {"breedId":{"$not":"abys"}}
    /// ```
    public static func not(_ condition: Condition) -> Condition { op("$not", condition.fragment) }

    /// An element of an array field matches `query` (`$elemMatch`).
    ///
    /// ```swift
    /// Query.where("vaccines", .elemMatch(.where("name", "rabies").and("year", .gte(2019))))
    /// // {"vaccines":{"$elemMatch":{"name":"rabies","year":{"$gte":2019}}}}
    /// ```
    public static func elemMatch(_ query: Query) -> Condition { op("$elemMatch", query.fragment) }
}
