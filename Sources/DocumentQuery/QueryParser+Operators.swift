import DocumentJSON

extension QueryParser {
    /// Reads an operator object (`{"$gt":1,"$lt":5}`) into terms, in the object's order.
    static func terms(_ object: JSONObject, place: String) throws(QueryError) -> [OperatorTerm] {
        var terms: [OperatorTerm] = []
        for member in object {
            if member.key == "$options" {
                guard object["$regex"] != nil else {
                    throw QueryError(.wrongOperand, "`$options` needs a `$regex` beside it (\(place))")
                }
                continue
            }
            terms.append(try term(member.key, member.value, options: object["$options"], place: place))
        }
        return terms
    }

    private static func term(
        _ key: String, _ value: JSONValue, options: JSONValue?, place: String
    ) throws(QueryError) -> OperatorTerm {
        let context = "`\(key)` on \(place)"
        switch key {
        case "$eq": return .test(.equals(try QueryOperand(value, context: context)))
        case "$ne": return .not([.test(.equals(try QueryOperand(value, context: context)))])
        case "$gt": return .test(try comparison(.greater, value, context: context))
        case "$gte": return .test(try comparison(.greaterOrEqual, value, context: context))
        case "$lt": return .test(try comparison(.less, value, context: context))
        case "$lte": return .test(try comparison(.lessOrEqual, value, context: context))
        case "$in": return .test(.oneOf(try operandList(value, context: context)))
        case "$nin": return .not([.test(.oneOf(try operandList(value, context: context)))])
        case "$exists": return .exists(try existsFlag(value, context: context))
        case "$regex": return .test(.regex(try regex(value, options: options, context: context)))
        case "$not": return .not(try negated(value, place: place, context: context))
        case "$bt": return .test(try between(value, context: context))
        case "$elemMatch": return .test(.elementMatch(try elementCondition(value, context: context)))
        default: throw QueryError(.unknownOperator, "unknown query operator `\(key)` (\(place))")
        }
    }

    /// `$not` with an operator object negates it; with a plain value it means "not equal".
    private static func negated(_ value: JSONValue, place: String, context: String) throws(QueryError)
        -> [OperatorTerm]
    {
        if let operators = try operatorObject(value, field: nil) {
            return try terms(operators, place: place)
        }
        return [.test(.equals(try QueryOperand(value, context: context)))]
    }

    /// `$gte: null` means "null or missing" and `$gt: null` matches nothing, as in MongoDB.
    private static func comparison(_ op: ComparisonOperator, _ value: JSONValue, context: String)
        throws(QueryError) -> ValuePredicate
    {
        let operand = try QueryOperand(value, context: context)
        if operand == .null {
            return op == .greaterOrEqual || op == .lessOrEqual ? .equals(.null) : .oneOf([])
        }
        guard operand.isOrdered else {
            throw QueryError(
                .wrongOperand,
                "\(context) needs a number, string, boolean or `$date`, got \(value.typePhrase)")
        }
        return .compare(op, operand)
    }

    private static func operandList(_ value: JSONValue, context: String) throws(QueryError) -> [QueryOperand]
    {
        guard case .array(let elements) = value else {
            throw QueryError(.wrongOperand, "\(context) needs an array, got \(value.typePhrase)")
        }
        var operands: [QueryOperand] = []
        for element in elements { operands.append(try QueryOperand(element, context: context)) }
        return operands
    }

    private static func existsFlag(_ value: JSONValue, context: String) throws(QueryError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number.doubleValue != 0
        default: throw QueryError(.wrongOperand, "\(context) needs true or false, got \(value.typePhrase)")
        }
    }

    private static func regex(_ value: JSONValue, options: JSONValue?, context: String) throws(QueryError)
        -> QueryRegex
    {
        guard case .string(let pattern) = value else {
            throw QueryError(.wrongOperand, "\(context) needs a pattern string, got \(value.typePhrase)")
        }
        var letters = ""
        if let options {
            guard case .string(let text) = options else {
                throw QueryError(
                    .wrongOperand, "`$options` needs a string such as \"i\", got \(options.typePhrase)")
            }
            letters = text
        }
        return try QueryRegex(pattern: pattern, options: letters)
    }

    private static func between(_ value: JSONValue, context: String) throws(QueryError) -> ValuePredicate {
        guard case .array(let bounds) = value, bounds.count == 2 else {
            throw QueryError(.wrongOperand, "\(context) needs an array of two bounds [low, high]")
        }
        let low = try QueryOperand(bounds[0], context: context)
        let high = try QueryOperand(bounds[1], context: context)
        guard low.isOrdered, low.hasSameClass(as: high) else {
            throw QueryError(
                .wrongOperand, "\(context) needs two bounds of one kind (numbers, strings, booleans or dates)"
            )
        }
        return .between(low, high)
    }

    /// Operator form when every key is an operator other than `$and`/`$or`/`$nor`; else the
    /// operand is a query run against each element.
    private static func elementCondition(_ value: JSONValue, context: String) throws(QueryError)
        -> ElementCondition
    {
        guard case .object(let object) = value else {
            throw QueryError(.wrongOperand, "\(context) needs an object, got \(value.typePhrase)")
        }
        let logicalKeys: Set<String> = ["$and", "$or", "$nor"]
        let isOperatorForm =
            try operatorObject(value, field: nil) != nil && !object.keys.contains(where: logicalKeys.contains)
        if !isOperatorForm { return .query(try document(object)) }
        return .value(try valueCondition(terms(object, place: "`$elemMatch`"), context: context))
    }

    private static func valueCondition(_ terms: [OperatorTerm], context: String) throws(QueryError)
        -> ValueCondition
    {
        var conditions: [ValueCondition] = []
        for term in terms {
            switch term {
            case .test(let predicate): conditions.append(.test(predicate))
            case .not(let inner): conditions.append(.not(try valueCondition(inner, context: context)))
            case .exists:
                throw QueryError(.wrongOperand, "`$exists` cannot test an array element (\(context))")
            }
        }
        return conditions.count == 1 ? conditions[0] : .all(conditions)
    }
}
