import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Updates document `id` with a shallow merge and/or update operators and returns it as
    /// stored. Throws `documentNotFound`, `idMismatch`, `validation`, `uniqueViolation`,
    /// `badRequest`.
    public func update(_ id: String, in name: String, with update: JSONObject, actor: String = "api") throws
        -> Document
    {
        try self.update(id, in: name, with: update, actor: actor, versions: nil)
    }

    /// `update`, applied only while the stored `_version` is one of `versions`, checked in the
    /// write's own transaction (an editor's optimistic lock); otherwise throws
    /// `VersionConflict` and nothing changes.
    public func update(
        _ id: String, in name: String, with update: JSONObject, actor: String = "api",
        ifVersionIn versions: [Int64]
    ) throws -> Document {
        try self.update(id, in: name, with: update, actor: actor, versions: versions)
    }

    private func update(
        _ id: String, in name: String, with update: JSONObject, actor: String, versions: [Int64]?
    ) throws -> Document {
        try Self.validateID(id)
        let info = try collection(name)
        let applier = try UpdateApplier(update, targetID: id)
        // Read, merge and write all under the writer. Merging on a reader first and writing
        // only if the document is unchanged shortens the writer's turn, but measured slower:
        // every commit invalidates the readers' page caches, so the read costs several `pread`
        // calls and WAL locks, more than the JSON work it moves.
        let document = try pool.write { connection in
            try connection.transaction {
                guard let stored = try Self.fetch(id, info: info, connection) else {
                    throw StoreError.documentNotFound(id)
                }
                try Self.checkVersion(of: stored, in: versions)
                return try apply(applier, to: stored, info: info, actor: actor, connection)
            }
        }
        noteWrites(1, to: info)
        return document
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
        try Self.checkManyUpdate(update)
        let ids = try reportingQueryFailures {
            try pool.write { connection in
                try connection.transaction {
                    try Self.updateEach(
                        try Self.select(info: info, where: condition, connection), with: update
                    ) {
                        try apply($0, to: $1, info: info, actor: actor, connection)
                    }
                }
            }
        }
        noteWrites(ids.count, to: info)
        return ids
    }

    /// `ifVersionIn`: `stored`'s `_version` must be one of `versions` (nil: any).
    package static func checkVersion(of stored: Document, in versions: [Int64]?) throws {
        if let versions, !versions.contains(stored.version) {
            throw VersionConflict(id: stored.id, current: stored.version)
        }
    }

    /// An update of many documents: it cannot set `_id` (the id check only matters for a
    /// single target; an `_id` here can never match all).
    package static func checkManyUpdate(_ update: JSONObject) throws {
        if update[SystemFields.id] != nil {
            throw StoreError.badRequest(
                "An update of many documents cannot set _id; remove it from the body.")
        }
    }

    /// `updateMany`'s step on any engine: `update` applied by `apply` to each of `documents`
    /// (read inside the write transaction); their ids.
    package static func updateEach(
        _ documents: [Document], with update: JSONObject,
        apply: (UpdateApplier, Document) throws -> Document
    ) throws -> [String] {
        for stored in documents {
            _ = try apply(try UpdateApplier(update, targetID: stored.id), stored)
        }
        return documents.map(\.id)
    }

    /// One update written, on any engine, inside the caller's write transaction: the document
    /// `applier` makes of `stored` (merge, operators, `_version` step, schema), its unique
    /// fields checked by `checkUnique` (only when the collection has some), then `run` with the
    /// UPDATE statement (`?` placeholders) and its bindings.
    package static func writeUpdate(
        _ applier: UpdateApplier, to stored: Document, info: CollectionInfo, actor: String, now: Int64,
        checkUnique: (JSONObject) throws -> Void, run: (String, [SQLValue]) throws -> Void
    ) throws -> Document {
        let change = try PendingUpdate(applier, to: stored, info: info, actor: actor, now: now)
        if info.hasUniqueFields, let fields = change.fields { try checkUnique(fields) }
        let document = change.document
        try run(
            "UPDATE \(info.table) SET body = ?, changed = ?, changedby = ?, version = ? WHERE id = ?",
            [
                .text(String(decoding: document.body, as: UTF8.self)), .integer(document.changed),
                .text(actor), .integer(document.version), .text(stored.id),
            ])
        return document
    }

    /// Applies `applier` to `stored` and writes the result; runs inside the write transaction.
    private func apply(
        _ applier: UpdateApplier, to stored: Document, info: CollectionInfo, actor: String,
        _ connection: SQLiteConnection
    ) throws -> Document {
        try Self.writeUpdate(
            applier, to: stored, info: info, actor: actor, now: clock.nowMilliseconds(),
            checkUnique: { try Self.checkUnique($0, info: info, id: stored.id, connection) },
            run: { try connection.run($0, $1) })
    }

    /// The SQL condition for a raw `q` (nil or `{}` matches everything).
    static func condition(for query: JSONValue?) throws -> SQLFragment {
        try parsed(query).sqlCondition(bodyColumn: StorageLayout.bodyColumn)
    }

    /// The parsed query (`Query.all` for none); a malformed one is a `badRequest`.
    package static func parsed(_ query: JSONValue?) throws -> Query {
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
