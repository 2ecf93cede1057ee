import DocumentJSON
import DocumentQuery

extension GroupSpec {
    /// The SQL of the group's value from `date` on SQLite: month names read from a JSON array.
    func sql(date: String) -> String {
        sql(date: date) { date, short in
            let names = JSONValue.array(Self.monthNames(short: short).map { .string($0) })
            return
                "json_extract('\(names.serialized())', '$[' || (CAST(substr(\(date), 6, 2) AS INTEGER) - 1) || ']')"
        }
    }
}
