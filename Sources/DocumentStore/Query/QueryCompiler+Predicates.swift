/// Tests of one value. Each checks the JSON type first where SQL values of different JSON
/// types could collide (the text `"1"` and the number `1`, a string and an object's text),
/// which also gives comparisons MongoDB's rule: `$gt: 5` never matches a string.
extension QueryCompiler {
    func test(_ predicate: ValuePredicate, on value: ValueReference) -> SQLFragment {
        switch predicate {
        case .equals(let operand): return equals(operand, value)
        case .compare(let op, let operand): return compare(op, operand, value)
        case .oneOf(let operands): return oneOf(operands, value)
        case .between(let low, let high):
            return group([compare(.greaterOrEqual, low, value), compare(.lessOrEqual, high, value)], " AND ")
        case .regex(let regex):
            return SQLFragment(
                "(\(value.type) = 'text' AND restlite_regexp(?, ?, \(value.value)))",
                [.text(regex.pattern), .text(regex.options)])
        case .elementMatch(let condition): return elementMatch(condition, value)
        }
    }

    /// `$in`: the operands are sorted into type classes (`InList`). A class with one value is
    /// plain equality; a class with several is one `IN (SELECT value FROM json_each(?))` over a
    /// bound JSON array, so a list of any length is one expression (SQLite refuses ORs nested
    /// 1000 deep) with one binding, and a declared value index still answers it.
    private func oneOf(_ operands: [QueryOperand], _ value: ValueReference) -> SQLFragment {
        if operands.isEmpty { return SQLFragment("0") }
        let parts = InList(operands).classes.map { list -> SQLFragment in
            guard list.operands.count > 1 else { return equals(list.operands[0], value) }
            let array = SQLValue.text(JSONValue.array(list.elements).serialized())
            let member = "IN (SELECT value FROM json_each(?))"
            switch list.kind {
            case .number:
                return SQLFragment(
                    "(\(value.value) \(member) AND \(value.type) IN ('integer', 'real'))", [array])
            case .string:
                return SQLFragment("(\(value.value) \(member) AND \(value.type) = 'text')", [array])
            case .date:
                return SQLFragment(
                    "(\(value.type) = 'text' AND restlite_date(\(value.value)) \(member))", [array])
            case .object, .array:
                return SQLFragment(
                    "(\(value.value) \(member) AND \(value.type) = '\(list.kind == .array ? "array" : "object")')",
                    [array])
            case .null, .bool:
                // At most one null and two booleans: equality each.
                return group(list.operands.map { equals($0, value) }, " OR ")
            }
        }
        return parts.count == 1 ? parts[0] : group(parts, " OR ")
    }

    private func equals(_ operand: QueryOperand, _ value: ValueReference) -> SQLFragment {
        switch operand {
        case .null: return SQLFragment("\(value.type) = 'null'")
        case .bool(let flag): return SQLFragment("\(value.type) = '\(flag ? "true" : "false")'")
        case .number(let number):
            return SQLFragment(
                "(\(value.value) = ? AND \(value.type) IN ('integer', 'real'))", [number.sqlValue])
        case .string(let text):
            return SQLFragment("(\(value.value) = ? AND \(value.type) = 'text')", [.text(text)])
        case .date(let date):
            return SQLFragment(
                "(\(value.type) = 'text' AND restlite_date(\(value.value)) = ?)", [.text(date.normalized)])
        case .json(let json):
            let type = json.arrayValue != nil ? "array" : "object"
            return SQLFragment(
                "(\(value.value) = ? AND \(value.type) = '\(type)')", [.text(json.serialized())])
        }
    }

    private func compare(_ op: ComparisonOperator, _ operand: QueryOperand, _ value: ValueReference)
        -> SQLFragment
    {
        // Without statistics SQLite guesses a range keeps a quarter of the rows and then prefers
        // walking the `_id` order (no sort) over a declared index; `likelihood` says a range is
        // selective, as it is when someone indexed the field. Results are unchanged.
        let range = "likelihood(\(value.value) \(op.rawValue) ?, 0.01)"
        switch operand {
        case .number(let number):
            return SQLFragment("(\(value.type) IN ('integer', 'real') AND \(range))", [number.sqlValue])
        case .string(let text):
            return SQLFragment("(\(value.type) = 'text' AND \(range))", [.text(text)])
        case .bool(let flag):
            return SQLFragment("(\(value.type) IN ('true', 'false') AND \(range))", [.integer(flag ? 1 : 0)])
        case .date(let date):
            return SQLFragment(
                "(\(value.type) = 'text' AND restlite_date(\(value.value)) \(op.rawValue) ?)",
                [.text(date.normalized)])
        case .null, .json:
            // The parser refuses these operands; nothing compares with them.
            return SQLFragment("0")
        }
    }

    private func elementMatch(_ condition: ElementCondition, _ value: ValueReference) -> SQLFragment {
        let alias = newAlias()
        let element = ValueReference.element(alias: alias)
        let inner: SQLFragment
        switch condition {
        case .value(let valueCondition): inner = self.condition(valueCondition, on: element)
        case .query(let node):
            inner =
                SQLFragment("\(element.type) = 'object' AND ") + nested(body: element.value).condition(node)
        }
        return SQLFragment(
            "(\(value.type) = 'array' AND EXISTS (SELECT 1 FROM \(value.each) AS \(alias) WHERE ")
            + inner + SQLFragment("))")
    }

    private func condition(_ condition: ValueCondition, on element: ValueReference) -> SQLFragment {
        switch condition {
        case .all(let conditions):
            if conditions.isEmpty { return SQLFragment("1") }
            let parts = conditions.map { self.condition($0, on: element) }
            return parts.count == 1 ? parts[0] : group(parts, " AND ")
        case .not(let inner): return negate(self.condition(inner, on: element))
        case .test(let predicate): return test(predicate, on: element)
        }
    }
}

extension JSONNumber {
    /// Whole literals bind as integers, others as reals; SQLite compares the two numerically.
    var sqlValue: SQLValue {
        if let integer = int64Value { return .integer(integer) }
        return .real(doubleValue)
    }
}
