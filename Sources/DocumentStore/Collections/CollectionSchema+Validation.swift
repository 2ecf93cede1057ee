import DocumentJSON

extension CollectionSchema {
    /// Checks every schema field of `object` (types, required) and rewrites date fields into
    /// `YYYY-MM-DDTHH:MM:SS.sssZ`. Returns every failing field, in schema order; an empty
    /// list means the object is valid. Uniqueness needs the stored data and is checked by the
    /// store.
    public func validate(_ object: inout JSONObject) -> [FieldError] {
        var errors: [FieldError] = []
        for field in fields where field.type != .child {
            let value = object[field.name]
            guard let value, !value.isNull else {
                if field.required { errors.append(FieldError(field: field.name, message: "is required")) }
                continue
            }
            switch Self.check(value, as: field.type) {
            case .success(let normalized):
                if let normalized { object[field.name] = normalized }
            case .failure(let message):
                errors.append(FieldError(field: field.name, message: message))
            }
        }
        return errors
    }

    /// Removes the values written at `child` fields: children are documents of their own
    /// collection, and a parent read with `fetchchildren=true` shows them there.
    public func dropChildValues(_ object: inout JSONObject) {
        for field in fields where field.type == .child && object[field.name] != nil {
            object[field.name] = nil
        }
    }

    /// Rewrites the date fields that hold ISO 8601 text, leaving anything else as it is; used
    /// when validation is switched off.
    public func normalizeDates(_ object: inout JSONObject) {
        for field in fields where field.type == .date {
            if case .string(let text) = object[field.name], let date = ISODate.normalize(text) {
                object[field.name] = .string(date)
            }
        }
    }

    private enum Check {
        /// Valid; the replacement value when it needed normalising.
        case success(JSONValue?)
        case failure(String)
    }

    private static func check(_ value: JSONValue, as type: FieldType) -> Check {
        switch (type, value) {
        case (.text, .string), (.floatNumber, .number), (.bool, .bool), (.json, _), (.child, _):
            return .success(nil)
        case (.number, .number(let number)):
            return number.int64Value == nil ? .failure("must be a whole number") : .success(nil)
        case (.date, .string(let text)):
            guard let date = ISODate.normalize(text) else { return .failure(dateMessage) }
            return .success(date == text ? nil : .string(date))
        case (.image, _), (.file, _): return checkMediaIDs(value)
        case (.text, _): return .failure("must be text")
        case (.number, _), (.floatNumber, _): return .failure("must be a number")
        case (.date, _): return .failure(dateMessage)
        case (.bool, _): return .failure("must be true or false")
        }
    }

    /// A media field holds an array of media ids; one id alone is wrapped into an array, as
    /// restdb stores even a single picture as `["<id>"]`.
    private static func checkMediaIDs(_ value: JSONValue) -> Check {
        switch value {
        case .string: return .success(.array([value]))
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil }): return .success(nil)
        default: return .failure("must be an array of media ids")
        }
    }

    private static let dateMessage = "must be a date such as 2015-06-01T12:00:00.000Z"
}
