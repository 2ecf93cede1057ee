import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Deletes go with the children of what they delete (`child` fields of the schema), in the
    /// same transaction: if any part fails, nothing is deleted.
    ///
    /// Deletes document `id`; throws `documentNotFound` when there is none. Returns the id.
    @discardableResult
    public func delete(_ id: String, from name: String) throws -> String {
        try Self.validateID(id)
        let info = try collection(name)
        var cascaded: [(collection: String, ids: [String])] = []
        let deleted = try pool.write { connection in
            // A parent's children go in the same transaction (no transaction without any).
            guard info.schema?.childFields.isEmpty == false else {
                return try connection.run("DELETE FROM \(info.table) WHERE id = ?", [.text(id)])
            }
            return try connection.transaction {
                let count = try connection.run("DELETE FROM \(info.table) WHERE id = ?", [.text(id)])
                if count > 0 {
                    try deleteChildren(ofDeleted: [id], in: info, connection, cascaded: &cascaded)
                }
                return count
            }
        }
        guard deleted > 0 else { throw StoreError.documentNotFound(id) }
        noteWrites(1, to: info)
        reportCascade(cascaded)
        return id
    }

    /// Deletes the listed documents in one transaction; returns the ids that existed.
    /// Throws `invalidID` (deleting nothing) when any id is malformed.
    public func delete(ids: [String], from name: String) throws -> [String] {
        for id in ids { try Self.validateID(id) }
        let info = try collection(name)
        var cascaded: [(collection: String, ids: [String])] = []
        let deleted = try pool.write { connection in
            try connection.transaction {
                var deleted: [String] = []
                for id in ids
                where try connection.run("DELETE FROM \(info.table) WHERE id = ?", [.text(id)]) > 0 {
                    deleted.append(id)
                }
                try deleteChildren(ofDeleted: deleted, in: info, connection, cascaded: &cascaded)
                return deleted
            }
        }
        noteWrites(deleted.count, to: info)
        reportCascade(cascaded)
        return deleted
    }

    /// Deletes every document matching `query` (nil or `{}`: all); returns their ids.
    public func delete(matching query: JSONValue?, from name: String) throws -> [String] {
        let info = try collection(name)
        let condition = try Self.condition(for: query)
        return try reportingQueryFailures { try delete(where: condition, info: info) }
    }

    private func delete(where condition: SQLFragment, info: CollectionInfo) throws -> [String] {
        var cascaded: [(collection: String, ids: [String])] = []
        let deleted = try pool.write { connection in
            try connection.transaction {
                var ids: [String] = []
                try connection.forEachRow(
                    "SELECT id FROM \(info.table) WHERE \(condition.sql) ORDER BY id", condition.bindings
                ) { row in
                    ids.append(row.text(0) ?? "")
                }
                try connection.run(
                    "DELETE FROM \(info.table) WHERE \(condition.sql)", condition.bindings)
                try deleteChildren(ofDeleted: ids, in: info, connection, cascaded: &cascaded)
                return ids
            }
        }
        noteWrites(deleted.count, to: info)
        reportCascade(cascaded)
        return deleted
    }
}
