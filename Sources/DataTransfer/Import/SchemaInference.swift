import DocumentJSON
import DocumentStore

/// Works out a new collection's schema from the documents of an import, the way restdb's
/// import did: ISO date strings -> `date`, numbers with a fraction anywhere in the column ->
/// `float_number`, whole numbers -> `number`, booleans -> `bool`, objects and arrays -> `json`,
/// other text -> `text`. Nulls say nothing. A column mixing kinds (numbers and text, say) is
/// an error naming the column and a line of each kind.
///
/// ```swift
/// var inference = SchemaInference(file: "cats.json")
/// try inference.add(record)   // for every record
/// let fields = try inference.fields()  // [birthDate: date, weightKg: float_number, ...]
/// ```
public struct SchemaInference: Sendable {
    /// What a single value looks like.
    enum Kind: Int, CaseIterable, Sendable {
        case integer, decimal, date, text, bool, json

        /// Kinds that may share a column: numbers with numbers, text with dates.
        var family: String {
            switch self {
            case .integer, .decimal: "numbers"
            case .date, .text: "text"
            case .bool: "booleans"
            case .json: "objects or arrays"
            }
        }

        init?(_ value: JSONValue) {
            switch value {
            case .null: return nil
            case .bool: self = .bool
            case .number(let number): self = number.isIntegerLiteral ? .integer : .decimal
            case .string(let text): self = ISODate.parse(text) != nil ? .date : .text
            case .array, .object: self = .json
            }
        }
    }

    /// The first line each kind was seen on (by `Kind.rawValue`), per column.
    private struct Column: Sendable {
        var firstLine: [Int?] = Array(repeating: nil, count: Kind.allCases.count)

        var kinds: [(kind: Kind, line: Int)] {
            Kind.allCases.compactMap { kind in firstLine[kind.rawValue].map { (kind, $0) } }
        }
    }

    private let file: String
    /// Column names in first-seen order, and their columns at the same positions.
    private var order: [String] = []
    private var columns: [Column] = []
    private var positions: [String: Int] = [:]

    public init(file: String) {
        self.file = file
    }

    /// Folds one record in; fails at once when its values make a column mix kinds.
    public mutating func add(_ record: ImportRecord) throws(ImportError) {
        for (offset, member) in record.document.members.enumerated() where !SystemFields.owns(member.key) {
            guard let kind = Kind(member.value) else { continue }
            // Rows of an export mostly list the same keys in the same order: try the key's
            // position in the first rows before hashing it.
            let column: Int
            if offset < order.count, order[offset] == member.key {
                column = offset
            } else if let known = positions[member.key] {
                column = known
            } else {
                column = order.count
                order.append(member.key)
                columns.append(Column())
                positions[member.key] = column
            }
            if columns[column].firstLine[kind.rawValue] == nil {
                columns[column].firstLine[kind.rawValue] = record.line
                try checkFamilies(of: column)
            }
        }
    }

    /// The inferred fields in first-seen order. Columns that were null everywhere are not
    /// listed: nothing says what they hold.
    public func fields() -> [ImportField] {
        zip(order, columns).map { name, column in
            ImportField(name: name, type: SchemaInference.type(of: Set(column.kinds.map(\.kind))))
        }
    }

    static func type(of kinds: Set<Kind>) -> ImportFieldType {
        if kinds.contains(.decimal) { return .floatNumber }
        if kinds.contains(.integer) { return .number }
        if kinds.contains(.text) { return .text }
        if kinds.contains(.date) { return .date }
        if kinds.contains(.bool) { return .bool }
        return .json
    }

    private func checkFamilies(of column: Int) throws(ImportError) {
        let name = order[column]
        let seen = columns[column].kinds.sorted { $0.line < $1.line }
        guard let first = seen.first, let other = seen.first(where: { $0.kind.family != first.kind.family })
        else { return }
        throw ImportError(
            file: file, field: name,
            message: "column \"\(name)\" mixes \(first.kind.family) (line \(first.line)) and "
                + "\(other.kind.family) (line \(other.line)); make every value of the column one kind")
    }
}
