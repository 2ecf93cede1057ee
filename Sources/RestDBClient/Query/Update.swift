#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An update operator for ``RestDBCollection/update(_:_:)``: change a field in place instead
/// of sending new values. Several updates in one call go in one request.
///
/// ```swift
/// let cat = try await cats.update(id, .increment("rating"), .push("tags", "sleepy"))
/// // PUT body {"$inc":{"rating":1},"$push":{"tags":"sleepy"}}
/// ```
public struct Update: Sendable {
    let name: String
    let field: String
    let operand: JSONFragment

    private static func make(_ name: String, _ field: String, _ value: some Encodable) -> Update {
        Update(name: name, field: field, operand: JSONFragment(encoding: value, datesAsQueryOperands: false))
    }

    /// Adds `amount` (negative to subtract) to a number field (`$inc`).
    ///
    /// ```swift
    /// try await cats.update(id, .increment("rating", by: -1))  // {"$inc":{"rating":-1}}
    /// ```
    public static func increment(_ field: String, by amount: Int = 1) -> Update {
        make("$inc", field, amount)
    }

    /// Appends `value` to an array field (`$push`).
    ///
    /// ```swift
    /// try await cats.update(id, .push("tags", "sleepy"))  // {"$push":{"tags":"sleepy"}}
    /// ```
    public static func push(_ field: String, _ value: some Encodable) -> Update {
        make("$push", field, value)
    }

    /// Removes every element equal to `value` from an array field (`$pull`).
    ///
    /// ```swift
    /// try await cats.update(id, .pull("tags", "sleepy"))  // {"$pull":{"tags":"sleepy"}}
    /// ```
    public static func pull(_ field: String, _ value: some Encodable) -> Update {
        make("$pull", field, value)
    }

    /// Sets one field, leaving the others alone (`$set`). Dates are written in restdb's form.
    ///
    /// ```swift
    /// try await cats.update(id, .set("ownerName", "Ann Lee"))  // {"$set":{"ownerName":"Ann Lee"}}
    /// ```
    public static func set(_ field: String, _ value: some Encodable) -> Update {
        make("$set", field, value)
    }

    /// Removes a field from the document (`$unset`).
    ///
    /// ```swift
    /// try await cats.update(id, .unset("photoUrl"))  // {"$unset":{"photoUrl":""}}
    /// ```
    public static func unset(_ field: String) -> Update {
        make("$unset", field, "")
    }

    /// The request body: operators grouped in the order they first appear.
    static func body(for updates: [Update]) -> JSONFragment {
        var names: [String] = []
        var fields: [String: [(key: String, value: JSONFragment)]] = [:]
        for update in updates {
            if fields[update.name] == nil {
                names.append(update.name)
            }
            fields[update.name, default: []].append((update.field, update.operand))
        }
        return .object(names.map { ($0, .object(fields[$0] ?? [])) })
    }
}
