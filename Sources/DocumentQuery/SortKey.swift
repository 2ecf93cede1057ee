/// One key of a sort: a field and a direction.
///
/// Mixed types sort in MongoDB's order of type classes: missing and null < numbers < strings
/// < objects < arrays < booleans. Within a class: numbers numerically (integers and reals
/// together), strings by binary UTF-8 order, objects and arrays by their compact JSON text,
/// `false` before `true`. Descending reverses all of that. Ties always fall back to insertion
/// order (`seq`, ascending), so paging is stable.
public struct SortKey: Sendable, Hashable {
    public let path: FieldPath
    public let ascending: Bool

    public init(path: FieldPath, ascending: Bool = true) {
        self.path = path
        self.ascending = ascending
    }

    /// Keys from repeated `sort`/`dir` parameters, paired by position; a missing `dir` means
    /// ascending. `dir` accepts `1`/`-1` (also `asc`/`desc`).
    ///
    /// ```swift
    /// try SortKey.fromParameters(sort: ["rating", "catName"], dir: ["-1"])
    /// // [rating descending, catName ascending]
    /// ```
    public static func fromParameters(sort: [String], dir: [String]) throws(QueryError) -> [SortKey] {
        guard dir.count <= sort.count else {
            throw QueryError(
                .badHint, "there are more `dir` parameters (\(dir.count)) than `sort` ones (\(sort.count))")
        }
        var keys: [SortKey] = []
        for (position, field) in sort.enumerated() {
            let ascending = position < dir.count ? try direction(dir[position], name: "dir") : true
            keys.append(SortKey(path: try FieldPath(field), ascending: ascending))
        }
        return keys
    }

    /// Reads `1`, `-1`, `asc`, `desc` (and JSON numbers from `$orderby`).
    static func direction(_ text: String, name: String) throws(QueryError) -> Bool {
        switch text.lowercased() {
        case "1", "+1", "asc", "ascending": return true
        case "-1", "desc", "descending": return false
        default: throw QueryError(.badHint, "`\(name)` must be 1 or -1, got \"\(text)\"")
        }
    }
}
