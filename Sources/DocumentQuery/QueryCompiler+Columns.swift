import DocumentJSON

/// Tests on the system columns (`_id` is `id`, `_created` is `created`, ...). Their types are
/// fixed, so an operand of another kind simply matches nothing.
extension QueryCompiler {
    func columnTest(_ predicate: ValuePredicate, column: SystemColumn) -> SQLFragment {
        switch predicate {
        case .equals(.null): return SQLFragment("\(column.name) IS NULL")
        case .equals(let operand): return columnCompare("=", operand, column)
        case .compare(let op, let operand): return columnCompare(op.rawValue, operand, column)
        case .oneOf(let operands): return columnOneOf(operands, column)
        case .between(let low, let high):
            return group(
                [columnCompare(">=", low, column), columnCompare("<=", high, column)], " AND ")
        case .regex(let regex) where column.kind == .text:
            return SQLFragment(
                "(\(column.name) IS NOT NULL AND \(dialect.call(.regexp, ["?", "?", column.name])))",
                [.text(regex.pattern), .text(regex.options)])
        case .regex, .elementMatch: return SQLFragment(dialect.literal(false))
        }
    }

    /// `$in` on a column: several values become one membership test in a bound JSON array
    /// (`SQLDialect.inBoundArray`: one expression and one binding however long the list; the
    /// `_id` index still answers it). Operands of another kind than the column's match nothing.
    private func columnOneOf(_ operands: [QueryOperand], _ column: SystemColumn) -> SQLFragment {
        var parts: [SQLFragment] = []
        if operands.contains(.null) { parts.append(SQLFragment("\(column.name) IS NULL")) }
        let values = operands.compactMap { $0 == .null ? nil : columnValue($0, column.kind) }
        if values.count == 1 {
            parts.append(SQLFragment("\(column.name) = ?", values))
        } else if values.count > 1 {
            let elements = values.compactMap(\.jsonElement)
            parts.append(
                SQLFragment(
                    "\(column.name) \(dialect.columnInBoundArray(numeric: column.kind != .text))",
                    [.text(JSONValue.array(elements).serialized())]))
        }
        if parts.isEmpty { return SQLFragment(dialect.literal(false)) }
        return parts.count == 1 ? parts[0] : group(parts, " OR ")
    }

    private func columnCompare(_ sign: String, _ operand: QueryOperand, _ column: SystemColumn) -> SQLFragment
    {
        guard let value = columnValue(operand, column.kind) else {
            return SQLFragment(dialect.literal(false))
        }
        return SQLFragment("\(column.name) \(sign) ?", [value])
    }

    /// The operand in the column's terms: dates (and ISO strings, and numbers) become
    /// milliseconds for `created`/`changed`.
    private func columnValue(_ operand: QueryOperand, _ kind: SystemColumn.Kind) -> SQLValue? {
        switch (kind, operand) {
        case (.text, .string(let text)): return .text(text)
        case (.date, .date(let date)): return .integer(date.milliseconds)
        case (.date, .string(let text)): return QueryDate(iso: text).map { .integer($0.milliseconds) }
        case (.date, .number(let number)), (.integer, .number(let number)): return number.sqlValue
        default: return nil
        }
    }
}

extension SQLValue {
    /// The value as a JSON array element that the membership test gives back as this value; nil for
    /// what JSON cannot hold (a non-finite real, a blob), which no column value equals.
    fileprivate var jsonElement: JSONValue? {
        switch self {
        case .integer(let number): .number(JSONNumber(number))
        case .real(let number): number.isFinite ? .number(JSONNumber(number)) : nil
        case .text(let text): .string(text)
        case .null, .blob: nil
        }
    }
}
