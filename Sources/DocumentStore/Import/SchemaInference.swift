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

    /// The first line each kind was seen on, per column.
    private struct Column: Sendable {
        var firstLine: [Kind: Int] = [:]
    }

    private let file: String
    private var order: [String] = []
    private var columns: [String: Column] = [:]

    public init(file: String) {
        self.file = file
    }

    /// Folds one record in; fails at once when its values make a column mix kinds.
    public mutating func add(_ record: ImportRecord) throws(ImportError) {
        for member in record.document where !SystemFields.names.contains(member.key) {
            guard let kind = Kind(member.value) else { continue }
            if columns[member.key] == nil {
                order.append(member.key)
                columns[member.key] = Column()
            }
            if columns[member.key]!.firstLine[kind] == nil {
                columns[member.key]!.firstLine[kind] = record.line
                try checkFamilies(of: member.key)
            }
        }
    }

    /// The inferred fields in first-seen order. Columns that were null everywhere are not
    /// listed: nothing says what they hold.
    public func fields() -> [ImportField] {
        order.map { ImportField(name: $0, type: SchemaInference.type(of: Set(columns[$0]!.firstLine.keys))) }
    }

    static func type(of kinds: Set<Kind>) -> ImportFieldType {
        if kinds.contains(.decimal) { return .floatNumber }
        if kinds.contains(.integer) { return .number }
        if kinds.contains(.text) { return .text }
        if kinds.contains(.date) { return .date }
        if kinds.contains(.bool) { return .bool }
        return .json
    }

    private func checkFamilies(of name: String) throws(ImportError) {
        let seen = columns[name]!.firstLine.sorted { $0.value < $1.value }
        guard let first = seen.first, let other = seen.first(where: { $0.key.family != first.key.family })
        else { return }
        throw ImportError(
            file: file, field: name,
            message: "column \"\(name)\" mixes \(first.key.family) (line \(first.value)) and "
                + "\(other.key.family) (line \(other.value)); make every value of the column one kind")
    }
}
