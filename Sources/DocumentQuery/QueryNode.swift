/// The parsed form of a query: combinators over field tests.
///
/// A `match` holds when any *candidate* of the field satisfies the predicate: the field's
/// value itself, and when that value is an array, each of its elements (one level, as
/// MongoDB does). `exists` looks at the field itself.
public indirect enum QueryNode: Sendable, Hashable {
    /// All must hold; `and([])` always holds (the empty query `{}`).
    case and([QueryNode])
    /// At least one must hold; `or([])` never holds.
    case or([QueryNode])
    case not(QueryNode)
    case exists(FieldPath, Bool)
    case match(FieldPath, ValuePredicate)
}

/// A test of one value (a field candidate, or an array element inside `$elemMatch`).
public indirect enum ValuePredicate: Sendable, Hashable {
    /// Equal to the literal; `null` also matches a missing field.
    case equals(QueryOperand)
    /// Ordered comparison within the operand's type class (numbers with numbers, ...).
    case compare(ComparisonOperator, QueryOperand)
    /// Equal to any of the literals (`$in`); empty never matches.
    case oneOf([QueryOperand])
    /// `low <= value <= high`, both in the bounds' type class (`$bt`).
    case between(QueryOperand, QueryOperand)
    /// A string the expression finds a match in.
    case regex(QueryRegex)
    /// The field is an array with an element that satisfies the condition (`$elemMatch`).
    case elementMatch(ElementCondition)
}

/// `$gt`, `$gte`, `$lt`, `$lte`.
public enum ComparisonOperator: String, Sendable, Hashable {
    case greater = ">"
    case greaterOrEqual = ">="
    case less = "<"
    case lessOrEqual = "<="
}

/// What an array element must satisfy inside `$elemMatch`.
public indirect enum ElementCondition: Sendable, Hashable {
    /// Operator form (`{"$elemMatch":{"$gte":80,"$lt":85}}`): all tests on the element itself,
    /// which is not expanded further if it is an array.
    case value(ValueCondition)
    /// Query form (`{"$elemMatch":{"product":"xyz","score":{"$gte":8}}}`): the element is an
    /// object and the query runs against it as against a document.
    case query(QueryNode)
}

/// Tests on one element value, combined.
public indirect enum ValueCondition: Sendable, Hashable {
    case all([ValueCondition])
    case not(ValueCondition)
    case test(ValuePredicate)
}
