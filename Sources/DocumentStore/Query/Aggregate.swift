/// One aggregate term, `FUNCTION:field`, from `$aggregate` or the `aggregate` parameter.
///
/// ```swift
/// try Aggregate.parse("SUM:weightKg")  // Aggregate(function: .sum, path: weightKg)
/// ```
public struct Aggregate: Sendable, Hashable {
    public enum Function: String, Sendable, Hashable, CaseIterable {
        case sum = "SUM"
        case avg = "AVG"
        case min = "MIN"
        case max = "MAX"
        case count = "COUNT"
    }

    public let function: Function
    public let path: FieldPath

    public init(function: Function, path: FieldPath) {
        self.function = function
        self.path = path
    }

    /// Reads `SUM:weightKg` (function names in any case).
    public static func parse(_ text: String) throws(QueryError) -> Aggregate {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let function = Function(rawValue: parts[0].uppercased()) else {
            throw QueryError(
                .badHint, "aggregate `\(text)` must look like SUM:field (SUM, AVG, MIN, MAX or COUNT)")
        }
        return Aggregate(function: function, path: try FieldPath(String(parts[1])))
    }
}
