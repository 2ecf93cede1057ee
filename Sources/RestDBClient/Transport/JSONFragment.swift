#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A piece of JSON text built eagerly, or the error that stopped it being built.
///
/// Query, hint and update builders are non-throwing so they read like Swift; an operand that
/// cannot be encoded (a non-finite `Double`, say) is kept as a failure and surfaces as
/// ``RestDBError/encoding(_:)`` when the request is made.
struct JSONFragment: Sendable {
    let text: Result<String, any Error>

    init(text: String) {
        self.text = .success(text)
    }

    init(failure: any Error) {
        self.text = .failure(failure)
    }

    /// Encodes `value` with `JSONEncoder.restDB`. In a query, dates become `{"$date": ...}` so
    /// the server compares them as points in time rather than as strings.
    init(encoding value: some Encodable, datesAsQueryOperands: Bool) {
        if datesAsQueryOperands, let date = value as? Date {
            self = .object([("$date", JSONFragment(encoding: date, datesAsQueryOperands: false))])
            return
        }
        if datesAsQueryOperands, let dates = value as? [Date] {
            self = .array(dates.map { JSONFragment(encoding: $0, datesAsQueryOperands: true) })
            return
        }
        do {
            let data = try JSONEncoder.restDBFragments.encode(value)
            self.init(text: String(decoding: data, as: UTF8.self))
        } catch {
            self.init(failure: error)
        }
    }

    /// A JSON string literal, escaped.
    static func string(_ value: String) -> JSONFragment {
        JSONFragment(encoding: value, datesAsQueryOperands: false)
    }

    /// An object whose keys keep the given order (the server's `$orderby` depends on it).
    static func object(_ members: [(key: String, value: JSONFragment)]) -> JSONFragment {
        joined(
            members.map { member in
                combine(string(member.key), member.value) { "\($0):\($1)" }
            }, open: "{", close: "}")
    }

    static func array(_ items: [JSONFragment]) -> JSONFragment {
        joined(items, open: "[", close: "]")
    }

    func rendered() throws -> String {
        try text.get()
    }

    private static func joined(_ parts: [JSONFragment], open: String, close: String) -> JSONFragment {
        var texts: [String] = []
        for part in parts {
            switch part.text {
            case .success(let text): texts.append(text)
            case .failure: return part
            }
        }
        return JSONFragment(text: open + texts.joined(separator: ",") + close)
    }

    private static func combine(
        _ lhs: JSONFragment,
        _ rhs: JSONFragment,
        _ join: (String, String) -> String
    ) -> JSONFragment {
        switch (lhs.text, rhs.text) {
        case (.success(let left), .success(let right)): return JSONFragment(text: join(left, right))
        case (.failure, _): return lhs
        case (_, .failure): return rhs
        }
    }
}

extension JSONEncoder {
    /// The encoder for query operands: compact, stable key order, restdb dates.
    static var restDBFragments: JSONEncoder {
        let encoder = JSONEncoder.restDB
        encoder.outputFormatting.insert(.sortedKeys)
        return encoder
    }
}
