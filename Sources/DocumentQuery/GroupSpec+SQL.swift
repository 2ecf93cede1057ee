import DocumentJSON

extension GroupSpec {
    /// The SQL of the group's value from `date`, an expression of the normalised date text
    /// (NULL when the value is no date), in SQL both SQLite and PostgreSQL read (`substr`,
    /// `CAST`, `||`); `monthName` writes the English name of the month of `date` (the first
    /// three letters when `short`), which each database looks up its own way. Format literals
    /// hold no letters; quotes are doubled.
    package func sql(date: String, monthName: (_ date: String, _ short: Bool) -> String) -> String {
        guard let dateFormat else { return date }
        let parts = dateFormat.map { token -> String in
            switch token {
            case .slice(let start, let length): return "substr(\(date), \(start), \(length))"
            case .number(let start, let length):
                return "CAST(CAST(substr(\(date), \(start), \(length)) AS INTEGER) AS TEXT)"
            case .monthName(let short): return monthName(date, short)
            case .literal(let text):
                return "'"
                    + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
                    + "'"
            }
        }
        // `||` with a NULL date is NULL: a value that is no date groups under null.
        return "(" + parts.joined(separator: " || ") + ")"
    }

    /// The month names `MMMM` writes (`MMM` when `short`).
    package static func monthNames(short: Bool) -> [String] { short ? shortMonths : months }
}
