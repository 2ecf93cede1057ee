import DocumentJSON
import DocumentQuery

extension GroupSpec {
    /// The SQL of the group's value from `date`, an expression of the normalised date text
    /// (NULL when the value is no date). Format literals hold no letters; quotes are doubled.
    func sql(date: String) -> String {
        guard let dateFormat else { return date }
        let parts = dateFormat.map { token -> String in
            switch token {
            case .slice(let start, let length): return "substr(\(date), \(start), \(length))"
            case .number(let start, let length):
                return "CAST(CAST(substr(\(date), \(start), \(length)) AS INTEGER) AS TEXT)"
            case .monthName(let short):
                let names = JSONValue.array((short ? Self.shortMonths : Self.months).map { .string($0) })
                return
                    "json_extract('\(names.serialized())', '$[' || (CAST(substr(\(date), 6, 2) AS INTEGER) - 1) || ']')"
            case .literal(let text):
                return "'"
                    + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
                    + "'"
            }
        }
        // `||` with a NULL date is NULL: a value that is no date groups under null.
        return "(" + parts.joined(separator: " || ") + ")"
    }
}
