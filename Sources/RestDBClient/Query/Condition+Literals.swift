#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Literals are equality, so `.where("rating", 5)` reads as "rating is 5".
///
/// ```swift
/// Query.where("breedId", "abys").and("rating", 5).and("photoUrl", nil)
/// // {"breedId":"abys","rating":5,"photoUrl":null}
/// ```
extension Condition: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// Equality with a string literal.
    ///
    /// ```swift
    /// Query.where("breedId", "abys")
    /// ```
    public init(stringLiteral value: String) { self = .eq(value) }

    /// Equality with an integer literal.
    ///
    /// ```swift
    /// Query.where("rating", 5)
    /// ```
    public init(integerLiteral value: Int) { self = .eq(value) }

    /// Equality with a floating-point literal.
    ///
    /// ```swift
    /// Query.where("weightKg", 2.5)
    /// ```
    public init(floatLiteral value: Double) { self = .eq(value) }

    /// Equality with a Boolean literal.
    ///
    /// ```swift
    /// Query.where("adopted", true)
    /// ```
    public init(booleanLiteral value: Bool) { self = .eq(value) }

    /// Equality with `null`.
    ///
    /// ```swift
    /// Query.where("photoUrl", nil)
    /// ```
    public init(nilLiteral: ()) { self.init(body: .equals(JSONFragment(text: "null"))) }
}
