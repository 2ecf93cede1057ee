import DocumentJSON

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
                "(\(dialect.typeTest(value.type, .text)) AND \(dialect.call(.regexp, ["?", "?", value.value])))",
                [.text(regex.pattern), .text(regex.options)])
        case .elementMatch(let condition): return elementMatch(condition, value)
        }
    }

    /// `$in`: the operands are sorted into type classes (`InList`). A class with one value is
    /// plain equality; a class with several is one membership test in a bound JSON array
    /// (`SQLDialect.inBoundArray`), so a list of any length is one expression (SQLite refuses
    /// ORs nested 1000 deep) with one binding, and a declared value index still answers it.
    private func oneOf(_ operands: [QueryOperand], _ value: ValueReference) -> SQLFragment {
        if operands.isEmpty { return SQLFragment(dialect.literal(false)) }
        let parts = InList(operands).classes.map { list -> SQLFragment in
            guard list.operands.count > 1 else { return equals(list.operands[0], value) }
            let array = SQLValue.text(JSONValue.array(list.elements).serialized())
            let member = dialect.inBoundArray
            switch list.kind {
            case .number:
                return SQLFragment(
                    "(\(value.value) \(member) AND \(dialect.typeTest(value.type, .integer, .real)))", [array]
                )
            case .string:
                return SQLFragment(
                    "(\(value.value) \(member) AND \(dialect.typeTest(value.type, .text)))", [array])
            case .date:
                return SQLFragment(
                    "(\(dialect.typeTest(value.type, .text)) AND \(dialect.call(.date, [value.value])) \(member))",
                    [array])
            case .object, .array:
                let kind: JSONKind = list.kind == .array ? .array : .object
                return SQLFragment(
                    "(\(dialect.containerInBoundArray(value.value)) AND \(dialect.typeTest(value.type, kind)))",
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
        case .null: return SQLFragment(dialect.typeTest(value.type, .null))
        case .bool(let flag):
            return SQLFragment(dialect.typeTest(value.type, flag ? .trueValue : .falseValue))
        case .number(let number):
            return SQLFragment(
                "(\(value.value) = \(dialect.boundLiteral(.real)) AND \(dialect.typeTest(value.type, .integer, .real)))",
                [number.sqlValue])
        case .string(let text):
            return SQLFragment(
                "(\(value.value) = \(dialect.boundLiteral(.text)) AND \(dialect.typeTest(value.type, .text)))",
                [.text(text)])
        case .date(let date):
            return SQLFragment(
                "(\(dialect.typeTest(value.type, .text)) AND \(dialect.call(.date, [value.value])) = \(dialect.boundLiteral(.text)))",
                [.text(date.normalized)])
        case .json(let json):
            let kind: JSONKind = json.arrayValue != nil ? .array : .object
            return SQLFragment(
                "(\(dialect.containerEquals(value.value)) AND \(dialect.typeTest(value.type, kind)))",
                [.text(json.serialized())])
        }
    }

    private func compare(_ op: ComparisonOperator, _ operand: QueryOperand, _ value: ValueReference)
        -> SQLFragment
    {
        func range(_ kind: JSONKind) -> String {
            dialect.selective("\(value.value) \(op.rawValue) \(dialect.boundLiteral(kind))")
        }
        switch operand {
        case .number(let number):
            return SQLFragment(
                "(\(dialect.typeTest(value.type, .integer, .real)) AND \(range(.real)))", [number.sqlValue])
        case .string(let text):
            return SQLFragment("(\(dialect.typeTest(value.type, .text)) AND \(range(.text)))", [.text(text)])
        case .bool(let flag):
            return SQLFragment(
                "(\(dialect.typeTest(value.type, .trueValue, .falseValue)) AND \(range(.trueValue)))",
                [.integer(flag ? 1 : 0)])
        case .date(let date):
            return SQLFragment(
                "(\(dialect.typeTest(value.type, .text)) AND \(dialect.call(.date, [value.value])) \(op.rawValue) \(dialect.boundLiteral(.text)))",
                [.text(date.normalized)])
        case .null, .json:
            // The parser refuses these operands; nothing compares with them.
            return SQLFragment(dialect.literal(false))
        }
    }

    private func elementMatch(_ condition: ElementCondition, _ value: ValueReference) -> SQLFragment {
        let alias = newAlias()
        let element = dialect.reference(to: .element(alias: alias))
        let inner: SQLFragment
        switch condition {
        case .value(let valueCondition): inner = self.condition(valueCondition, on: element)
        case .query(let node):
            inner =
                SQLFragment("\(dialect.typeTest(element.type, .object)) AND ")
                + nested(body: element.value).condition(node)
        }
        return SQLFragment("(\(dialect.isArray(value, indexable: false)) AND ")
            + dialect.anyElement(of: value, alias: alias, where: inner) + SQLFragment(")")
    }

    private func condition(_ condition: ValueCondition, on element: ValueReference) -> SQLFragment {
        switch condition {
        case .all(let conditions):
            if conditions.isEmpty { return SQLFragment(dialect.literal(true)) }
            let parts = conditions.map { self.condition($0, on: element) }
            return parts.count == 1 ? parts[0] : group(parts, " AND ")
        case .not(let inner): return negate(self.condition(inner, on: element))
        case .test(let predicate): return test(predicate, on: element)
        }
    }
}

extension JSONNumber {
    /// Whole literals bind as integers, others as reals; SQLite compares the two numerically.
    package var sqlValue: SQLValue {
        if let integer = int64Value { return .integer(integer) }
        return .real(doubleValue)
    }
}
