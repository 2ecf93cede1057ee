/// One aggregate of `aggregate=SUM:weightKg` / `$aggregate:["SUM:weightKg"]`.
public struct Aggregate: Sendable, Hashable {
    public enum Function: String, Sendable, Hashable, CaseIterable {
        case sum = "SUM"
        case avg = "AVG"
        case min = "MIN"
        case max = "MAX"
        case count = "COUNT"
    }

    public var function: Function
    /// The field aggregated; for COUNT, the name the count is given in the output.
    public var field: String

    public init(function: Function, field: String) {
        self.function = function
        self.field = field
    }

    /// Parses `"SUM:weightKg"`.
    public init(spec: String) throws(QueryError) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let function = Function(rawValue: parts[0].uppercased()), !parts[1].isEmpty
        else {
            throw QueryError(
                .badHint,
                "'\(spec)' is not an aggregate; write FUNCTION:field with SUM, AVG, MIN, MAX or COUNT.")
        }
        self.init(function: function, field: parts[1])
    }

    /// The key of this aggregate in a group's output: `"SUM:weightKg"`, or the COUNT's name.
    public var outputKey: String { function == .count ? field : "\(function.rawValue):\(field)" }
}
