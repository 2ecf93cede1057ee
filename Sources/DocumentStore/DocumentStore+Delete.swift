extension DocumentStore {
    /// Deletes document `id`; throws `documentNotFound` when there is none. Returns the id.
    @discardableResult
    public func delete(_ id: String, from name: String) throws -> String {
        try Self.validateID(id)
        let info = try collection(name)
        let deleted = try pool.write { connection in
            try connection.run("DELETE FROM \(info.table) WHERE id = ?", [.text(id)])
        }
        guard deleted > 0 else { throw StoreError.documentNotFound(id) }
        return id
    }

    /// Deletes the listed documents in one transaction; returns the ids that existed.
    /// Throws `invalidID` (deleting nothing) when any id is malformed.
    public func delete(ids: [String], from name: String) throws -> [String] {
        for id in ids { try Self.validateID(id) }
        let info = try collection(name)
        return try pool.write { connection in
            try connection.transaction {
                var deleted: [String] = []
                for id in ids
                where try connection.run("DELETE FROM \(info.table) WHERE id = ?", [.text(id)]) > 0 {
                    deleted.append(id)
                }
                return deleted
            }
        }
    }

    /// Deletes every document matching `query` (nil or `{}`: all); returns their ids.
    public func delete(matching query: JSONValue?, from name: String) throws -> [String] {
        let info = try collection(name)
        let condition = try Self.condition(for: query)
        return try reportingQueryFailures { try delete(where: condition, info: info) }
    }

    private func delete(where condition: SQLFragment, info: CollectionInfo) throws -> [String] {
        try pool.write { connection in
            try connection.transaction {
                var ids: [String] = []
                try connection.forEachRow(
                    "SELECT id FROM \(info.table) WHERE \(condition.sql) ORDER BY id", condition.bindings
                ) { row in
                    ids.append(row.text(0) ?? "")
                }
                try connection.run(
                    "DELETE FROM \(info.table) WHERE \(condition.sql)", condition.bindings)
                return ids
            }
        }
    }
}
