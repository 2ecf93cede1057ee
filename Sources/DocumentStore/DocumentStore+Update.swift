extension DocumentStore {
    /// Updates document `id` with a shallow merge and/or update operators and returns it as
    /// stored. Throws `documentNotFound`, `idMismatch`, `validation`, `uniqueViolation`,
    /// `badRequest`.
    public func update(_ id: String, in name: String, with update: JSONObject, actor: String = "api") throws
        -> Document
    {
        try Self.validateID(id)
        let info = try collection(name)
        let applier = try UpdateApplier(update, targetID: id)
        // The merge is worked out on a reader, outside the writer that every write in the
        // process waits for; the writer only checks that the document is still the one that
        // was read and stores the result. If it changed in between, the update starts again
        // under the writer, so it is never lost.
        guard let stored = try pool.read({ try Self.fetch(id, info: info, $0) }) else {
            throw StoreError.documentNotFound(id)
        }
        // An error here may come from a stale read: the locked path below decides.
        let change = try? PendingUpdate(applier, to: stored, info: info, actor: actor)
        return try pool.write { connection in
            try connection.transaction {
                if let change, try Self.store(change, info: info, connection) { return change.document }
                guard let current = try Self.fetch(id, info: info, connection) else {
                    throw StoreError.documentNotFound(id)
                }
                return try apply(applier, to: current, info: info, actor: actor, connection)
            }
        }
    }

    /// Applies one update to every document matching `query` (all of them for nil), in one
    /// transaction: if any document would become invalid, none changes. Returns the ids.
    public func updateMany(
        in name: String, matching query: JSONValue?, with update: JSONObject, actor: String = "api"
    )
        throws -> [String]
    {
        let info = try collection(name)
        let condition = try Self.condition(for: query)
        // The id check only matters for a single target; an `_id` here can never match all.
        if update[SystemFields.id] != nil {
            throw StoreError.badRequest(
                "An update of many documents cannot set _id; remove it from the body.")
        }
        return try pool.write { connection in
            try connection.transaction {
                let documents = try Self.select(info: info, where: condition, connection)
                for stored in documents {
                    let applier = try UpdateApplier(update, targetID: stored.id)
                    _ = try apply(applier, to: stored, info: info, actor: actor, connection)
                }
                return documents.map(\.id)
            }
        }
    }

    /// Applies `applier` to `stored` and writes the result; runs inside the write transaction.
    private func apply(
        _ applier: UpdateApplier, to stored: Document, info: CollectionInfo, actor: String,
        _ connection: SQLiteConnection
    ) throws -> Document {
        let change = try PendingUpdate(applier, to: stored, info: info, actor: actor)
        guard try Self.store(change, info: info, connection) else {
            throw StoreError.documentNotFound(stored.id)
        }
        return change.document
    }

    /// Writes `change` if the row still holds the document it was made from (same version and
    /// body); false when another write got there first. Unique fields are checked here, in the
    /// transaction, because they depend on the other documents.
    private static func store(_ change: PendingUpdate, info: CollectionInfo, _ connection: SQLiteConnection)
        throws -> Bool
    {
        let stored = change.original
        if info.hasUniqueFields { try checkUnique(change.fields, info: info, id: stored.id, connection) }
        let document = change.document
        try connection.run(
            """
            UPDATE \(info.table) SET body = ?, changed = ?, changedby = ?, version = ? \
            WHERE id = ? AND version = ? AND body = ?
            """,
            [
                .text(String(decoding: document.body, as: UTF8.self)), .integer(document.changed),
                .text(change.actor), .integer(document.version), .text(stored.id), .integer(stored.version),
                .text(String(decoding: stored.body, as: UTF8.self)),
            ])
        return connection.changes == 1
    }

    /// The SQL condition for a raw `q` (nil or `{}` matches everything).
    static func condition(for query: JSONValue?) throws -> SQLFragment {
        try parsed(query).sqlCondition(bodyColumn: StorageLayout.bodyColumn)
    }

    /// The parsed query (`Query.all` for none); a malformed one is a `badRequest`.
    static func parsed(_ query: JSONValue?) throws -> Query {
        guard let query else { return .all }
        do {
            return try Query.parse(query)
        } catch {
            throw StoreError.badRequest(String(describing: error))
        }
    }

    /// Every document matching `condition`, in `_id` order.
    static func select(info: CollectionInfo, where condition: SQLFragment, _ connection: SQLiteConnection)
        throws
        -> [Document]
    {
        var documents: [Document] = []
        try connection.forEachRow(
            "SELECT \(documentColumns) FROM \(info.table) WHERE \(condition.sql) ORDER BY id",
            condition.bindings
        ) { row in
            documents.append(document(from: row))
        }
        return documents
    }
}
