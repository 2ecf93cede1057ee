import DocumentJSON

/// Applies a PUT/PATCH body to a stored document's fields: top-level fields are merged
/// (replaced), and the operators `$set`, `$unset`, `$inc`, `$push`, `$pull` change the named
/// (possibly dotted) paths. System fields, and paths under them (`_version.x`), are ignored;
/// an `_id` must equal the target's.
package struct UpdateApplier {
    let update: JSONObject
    let targetID: String

    static let operators: Set<String> = ["$set", "$unset", "$inc", "$push", "$pull"]

    /// Checks the update's shape once, before it is applied to any document.
    package init(_ update: JSONObject, targetID: String) throws(StoreError) {
        for member in update where member.key.hasPrefix("$") {
            guard Self.operators.contains(member.key) else {
                throw .badRequest(
                    "Unknown update operator '\(member.key)'; use $set, $unset, $inc, $push or $pull.")
            }
            guard case .object(let arguments) = member.value else {
                throw .badRequest(
                    "\(member.key) needs an object such as {\"\(member.key)\":{\"field\":...}}.")
            }
            try Self.checkArguments(of: member.key, arguments)
        }
        self.update = update
        self.targetID = targetID
        try checkID(update[SystemFields.id])
        try checkID(update["$set"]?[SystemFields.id])
    }

    /// `$unset` of a system field is refused (the store owns it, and the write would still
    /// count as a change); a `$push` whose `$each` is not an array is refused rather than
    /// pushed as an object.
    private static func checkArguments(of name: String, _ arguments: JSONObject) throws(StoreError) {
        for argument in arguments {
            if name == "$unset", SystemFields.names.contains(argument.key) {
                throw .badRequest(
                    "$unset cannot remove the system field '\(argument.key)'; the store keeps it on every document."
                )
            }
            if name == "$push", case .object(let operand) = argument.value, let each = operand["$each"] {
                guard case .array = each else {
                    throw .badRequest(
                        "$push of '\(argument.key)' needs $each to be an array, as in {\"$each\":[1,2]}.")
                }
            }
        }
    }

    private func checkID(_ value: JSONValue?) throws(StoreError) {
        guard let value else { return }
        guard case .string(let given) = value, given == targetID else {
            throw .idMismatch(body: value.stringValue ?? value.serialized(), target: targetID)
        }
    }

    /// The document's fields after the update.
    /// True when the update only sets top-level fields (no `$set`, `$inc`, ... operators).
    var isPlainMerge: Bool { !update.contains { $0.key.hasPrefix("$") } }

    func apply(to fields: JSONObject) throws(StoreError) -> JSONObject {
        var result = fields
        for member in update where !SystemFields.owns(member.key) {
            guard case .object(let arguments) = member.value, member.key.hasPrefix("$") else {
                result[member.key] = member.value
                continue
            }
            for argument in arguments where !SystemFields.owns(argument.key) {
                let path = argument.key.split(separator: ".", omittingEmptySubsequences: false).map(
                    String.init)
                try modify(&result, path: path[...]) { current throws(StoreError) in
                    try Self.operate(
                        member.key, field: argument.key, current: current, operand: argument.value)
                }
            }
        }
        return result
    }

    /// Replaces the value at `path` (nil: absent) by what `change` returns (nil: remove it),
    /// creating intermediate objects as needed, but none for a change that leaves an absent
    /// value absent (`$unset` or `$pull` of a path that is not there changes nothing).
    private func modify(
        _ object: inout JSONObject, path: ArraySlice<String>,
        _ change: (JSONValue?) throws(StoreError) -> JSONValue?
    ) throws(StoreError) {
        guard let key = path.first else { return }
        if path.count == 1 {
            let value = try change(object[key])
            if value != nil || object[key] != nil { object[key] = value }
            return
        }
        var child: JSONObject
        switch object[key] {
        case .object(let existing): child = existing
        case nil, .null?:
            child = JSONObject()
            try modify(&child, path: path.dropFirst(), change)
            if !child.isEmpty { object[key] = .object(child) }
            return
        case .some:
            throw .badRequest(
                "'\(path.joined(separator: "."))' goes through '\(key)', which is not an object.")
        }
        try modify(&child, path: path.dropFirst(), change)
        object[key] = .object(child)
    }

    private static func operate(_ name: String, field: String, current: JSONValue?, operand: JSONValue)
        throws(StoreError) -> JSONValue?
    {
        switch name {
        case "$set": return operand
        case "$unset": return nil
        case "$inc": return try increment(current, by: operand, field: field)
        case "$push": return try push(operand, onto: current, field: field)
        default: return try pull(operand, from: current, field: field)
        }
    }

    private static func increment(_ current: JSONValue?, by operand: JSONValue, field: String)
        throws(StoreError) -> JSONValue
    {
        guard let amount = incrementAmount(operand) else {
            throw .badRequest("$inc of '\(field)' needs a whole number such as 1 or -1.")
        }
        switch current {
        case nil, .null?: return .number(JSONNumber(amount))
        case .number(let number)?:
            if let value = number.int64Value {
                let (sum, overflow) = value.addingReportingOverflow(amount)
                guard !overflow else { throw .badRequest("$inc of '\(field)' overflows a 64-bit integer.") }
                return .number(JSONNumber(sum))
            }
            // A stored literal beyond a double's range (1e400) reads as infinity, which JSON
            // cannot hold.
            let sum = number.doubleValue + Double(amount)
            guard sum.isFinite else {
                throw .badRequest("$inc of '\(field)' gives a number beyond what JSON numbers can hold.")
            }
            return .number(JSONNumber(sum))
        case .some(let other):
            throw .badRequest("$inc needs '\(field)' to be a number, but it is \(other.typePhrase).")
        }
    }

    /// The whole number an `$inc` operand holds: a JSON number without a fraction, or a string
    /// of decimal digits with an optional sign (restdb's documents write `{"$inc":{"age":"1"}}`).
    /// Decimals, spaces and anything else are refused: restdb increments by integers only.
    static func incrementAmount(_ operand: JSONValue) -> Int64? {
        switch operand {
        case .number(let step): return step.int64Value
        case .string(let text):
            let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int64(text.first == "+" ? String(digits) : text)
        default: return nil
        }
    }

    private static func push(_ operand: JSONValue, onto current: JSONValue?, field: String)
        throws(StoreError) -> JSONValue
    {
        var items: [JSONValue]
        switch current {
        case nil, .null?: items = []
        case .array(let existing)?: items = existing
        case .some(let other):
            throw .badRequest("$push needs '\(field)' to be an array, but it is \(other.typePhrase).")
        }
        if case .array(let each) = operand["$each"], operand.objectValue?.count == 1 {
            items.append(contentsOf: each)
        } else {
            items.append(operand)
        }
        return .array(items)
    }

    private static func pull(_ operand: JSONValue, from current: JSONValue?, field: String)
        throws(StoreError) -> JSONValue?
    {
        switch current {
        // As in MongoDB, there is nothing to pull from a missing or null field.
        case nil, .null?: return current
        case .array(let items)?: return .array(items.filter { $0 != operand })
        case .some(let other):
            throw .badRequest("$pull needs '\(field)' to be an array, but it is \(other.typePhrase).")
        }
    }
}
