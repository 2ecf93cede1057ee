import DocumentJSON

/// What every stored document must be, schema or not: numbers a double can hold (a literal
/// such as `1e400` would turn aggregates into null and make strict JSON decoders refuse every
/// list holding it), and field names a query can reach (no leading `$`, no empty segment such
/// as `c.` or `a..b`), at any depth. Runs on every write: inserts, updates and imports.
enum StorableCheck {
    /// Every offending field, as a dotted path (`n.deep.1` for an array element).
    static func problems(in object: JSONObject) -> [FieldError] {
        var errors: [FieldError] = []
        check(object, prefix: "", into: &errors)
        return errors
    }

    /// Throws `StoreError.validation` listing every offending field.
    static func require(_ object: JSONObject) throws(StoreError) {
        let errors = problems(in: object)
        guard errors.isEmpty else { throw .validation(errors) }
    }

    private static func check(_ object: JSONObject, prefix: String, into errors: inout [FieldError]) {
        for member in object {
            if let problem = nameProblem(member.key) {
                errors.append(FieldError(field: prefix + member.key, message: problem))
                continue
            }
            // The dotted path is written only for values that can hold a problem.
            switch member.value {
            case .number(let number) where isFinite(number): continue
            case .number, .object, .array: check(member.value, path: prefix + member.key, into: &errors)
            default: continue
            }
        }
    }

    private static func check(_ value: JSONValue, path: String, into errors: inout [FieldError]) {
        switch value {
        case .number(let number) where !isFinite(number):
            errors.append(
                FieldError(
                    field: path,
                    message: "is \(number.text), beyond what a JSON number (a double) can hold"))
        case .object(let object):
            check(object, prefix: path + ".", into: &errors)
        case .array(let items):
            for (index, item) in items.enumerated() {
                check(item, path: "\(path).\(index)", into: &errors)
            }
        default:
            break
        }
    }

    /// Why `name` cannot be a field name, or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        let bytes = name.utf8
        if bytes.first == UInt8(ascii: "$") {
            return "is not a valid field name: names starting with '$' are operators, not fields"
        }
        if bytes.isEmpty || bytes.first == UInt8(ascii: ".") || bytes.last == UInt8(ascii: ".")
            || hasEmptySegment(bytes)
        {
            return "is not a valid field name: a name (and each part between dots) must not be empty"
        }
        return nil
    }

    /// Two dots in a row (`a..b`), found on bytes.
    private static func hasEmptySegment(_ bytes: String.UTF8View) -> Bool {
        var previousWasDot = false
        for byte in bytes {
            let dot = byte == UInt8(ascii: ".")
            if dot && previousWasDot { return true }
            previousWasDot = dot
        }
        return false
    }

    /// A literal without exponent and shorter than any double's limit is finite without parsing.
    private static func isFinite(_ number: JSONNumber) -> Bool {
        let text = number.text.utf8
        guard text.count > 300 || text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else {
            return true
        }
        return Double(number.text)?.isFinite ?? false
    }
}
