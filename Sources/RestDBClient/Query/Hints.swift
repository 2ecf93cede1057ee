#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `h` parameter of a list: order, fields and paging, in a stable key order.
struct Hints: Sendable {
    var sort: [Sort] = []
    var fields: Fields?
    var max: Int?
    var skip: Int?

    /// The JSON text, or `nil` when there is nothing to send.
    var fragment: JSONFragment? {
        var members: [(key: String, value: JSONFragment)] = []
        if !sort.isEmpty {
            let keys = sort.map { ($0.field, JSONFragment(text: $0.isAscending ? "1" : "-1")) }
            members.append(("$orderby", .object(keys)))
        }
        if let fields {
            members.append(("$fields", Self.fragment(for: fields)))
        }
        if let max {
            members.append(("$max", JSONFragment(text: String(max))))
        }
        if let skip {
            members.append(("$skip", JSONFragment(text: String(skip))))
        }
        return members.isEmpty ? nil : .object(members)
    }

    private static func fragment(for fields: Fields) -> JSONFragment {
        switch fields {
        case .include(let names): return .object(names.map { ($0, JSONFragment(text: "1")) })
        case .exclude(let names): return .object(names.map { ($0, JSONFragment(text: "0")) })
        }
    }
}
