/// Tests on the system columns (`_id` is `id`, `_created` is `created`, ...). Their types are
/// fixed, so an operand of another kind simply matches nothing.
extension QueryCompiler {
    func columnTest(_ predicate: ValuePredicate, column: SystemColumn) -> SQLFragment {
        switch predicate {
        case .equals(.null): return SQLFragment("\(column.name) IS NULL")
        case .equals(let operand): return columnCompare("=", operand, column)
        case .compare(let op, let operand): return columnCompare(op.rawValue, operand, column)
        case .oneOf(let operands):
            if operands.isEmpty { return SQLFragment("0") }
            return group(operands.map { columnTest(.equals($0), column: column) }, " OR ")
        case .between(let low, let high):
            return group(
                [columnCompare(">=", low, column), columnCompare("<=", high, column)], " AND ")
        case .regex(let regex) where column.kind == .text:
            return SQLFragment(
                "(\(column.name) IS NOT NULL AND restlite_regexp(?, ?, \(column.name)))",
                [.text(regex.pattern), .text(regex.options)])
        case .regex, .elementMatch: return SQLFragment("0")
        }
    }

    private func columnCompare(_ sign: String, _ operand: QueryOperand, _ column: SystemColumn) -> SQLFragment
    {
        guard let value = columnValue(operand, column.kind) else { return SQLFragment("0") }
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
