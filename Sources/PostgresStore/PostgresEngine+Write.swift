import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    public func insert(_ object: JSONObject, into name: String, options: WriteOptions) throws -> Document {
        try insertMany([object], into: name, options: options)[0]
    }

    public func insertMany(_ objects: [JSONObject], into name: String, options: WriteOptions) throws
        -> [Document]
    {
        try insertMany(objects, into: name, options: options, inTransactionFirst: nil)
    }

    /// `insertMany` with `inTransactionFirst` run inside the transaction before the rows go in
    /// (the parent check of `insertChildren`). A missing collection is created in the same
    /// transaction, so a failed write leaves none behind.
    func insertMany(
        _ objects: [JSONObject], into name: String, options: WriteOptions,
        inTransactionFirst: ((CollectionInfo, PostgresConnection) throws -> Void)?
    ) throws -> [Document] {
        let existing = try existingCollectionForWrite(name, create: options.createCollection)
        let provisional =
            existing ?? CollectionInfo(id: 0, name: name, schema: nil, created: clock.nowMilliseconds())
        var prepared = try prepareInserts(objects, info: provisional, options: options)
        func body(_ connection: PostgresConnection) throws -> [Document] {
            var info = provisional
            if existing == nil {
                info = try self.insertCollection(name, schema: nil, created: provisional.created, connection)
                if info.schema != nil {
                    prepared = try self.prepareInserts(objects, info: info, options: options)
                }
            }
            try inTransactionFirst?(info, connection)
            if options.validate && info.hasUniqueFields {
                try self.lockCollection(info, connection)
                for (document, fields) in prepared {
                    try self.checkUnique(fields, info: info, id: document.id, connection)
                }
            }
            try Self.insertRows(prepared.map(\.document), info: info, connection)
            return prepared.map(\.document)
        }
        guard let existing else { return try writeCatalog(body) }
        let documents = try write(body)
        noteWrites(documents.count, to: existing)
        return documents
    }

    private func existingCollectionForWrite(_ name: String, create: Bool) throws -> CollectionInfo? {
        if let info = try? collection(name) { return info }
        guard create else { return try collection(name) }
        try CollectionName.validate(name)
        return nil
    }

    /// Each object as the document it becomes, prepared as `DocumentStore` prepares its own
    /// (ids, system fields, schema), with this engine's clock and ids.
    func prepareInserts(_ objects: [JSONObject], info: CollectionInfo, options: WriteOptions) throws
        -> [(document: Document, fields: JSONObject)]
    {
        try DocumentStore.prepareInserts(
            objects, info: info, options: options, now: clock.nowMilliseconds(), ids: ids)
    }

    /// One multi-row INSERT per 1,000 documents (prepared: a POST's one-row INSERT comes again).
    static func insertRows(_ documents: [Document], info: CollectionInfo, _ connection: PostgresConnection)
        throws
    {
        var start = 0
        while start < documents.count {
            let chunk = documents[start..<min(start + 1000, documents.count)]
            var bindings: [SQLValue] = []
            bindings.reserveCapacity(chunk.count * 6)
            for document in chunk {
                bindings += [
                    .text(document.id), .text(String(decoding: document.body, as: UTF8.self)),
                    .integer(document.created), .integer(document.changed),
                    document.createdBy.map(SQLValue.text) ?? .null,
                    document.changedBy.map(SQLValue.text) ?? .null,
                ]
            }
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, 0)", count: chunk.count).joined(separator: ", ")
            try connection.executePrepared(
                "INSERT INTO \(info.table)(id, body, created, changed, createdby, changedby, version) VALUES \(rows)",
                bindings)
            start += chunk.count
        }
    }

    /// Throws `uniqueViolation` when another document than `id` holds a unique field's value
    /// (strings, numbers and booleans; null and containers are not checked, as on SQLite).
    func checkUnique(_ fields: JSONObject, info: CollectionInfo, id: String, _ connection: PostgresConnection)
        throws
    {
        guard let schema = info.schema else { return }
        for field in schema.fields where field.unique {
            guard let value = fields[field.name] else { continue }
            switch value {
            case .string, .number, .bool: break
            case .null, .array, .object: continue
            }
            let path = try FieldIndex.path(field.name)
            let stored = PostgresDialect.fieldExpression(Self.documentColumn, path.segments.map(PathStep.key))
            let taken = try connection.execute(
                "SELECT 1 FROM \(info.table) WHERE \(stored) = CAST(? AS jsonb) AND id <> ? LIMIT 1",
                [.text(value.serialized()), .text(id)])
            if taken.count > 0 {
                let shown: String
                if case .string(let text) = value { shown = text } else { shown = value.serialized() }
                throw StoreError.uniqueViolation(field: field.name, value: shown)
            }
        }
    }

    // MARK: Updates

    public func update(_ id: String, in name: String, with update: JSONObject, actor: String) throws
        -> Document
    {
        try self.update(id, in: name, with: update, actor: actor, versions: nil)
    }

    public func update(
        _ id: String, in name: String, with update: JSONObject, actor: String, ifVersionIn versions: [Int64]
    ) throws -> Document {
        try self.update(id, in: name, with: update, actor: actor, versions: versions)
    }

    private func update(
        _ id: String, in name: String, with update: JSONObject, actor: String, versions: [Int64]?
    ) throws -> Document {
        try DocumentStore.validateID(id)
        let info = try collection(name)
        let applier = try UpdateApplier(update, targetID: id)
        let document = try write { connection in
            guard let stored = try fetch(id, info: info, forUpdate: true, connection) else {
                throw StoreError.documentNotFound(id)
            }
            try DocumentStore.checkVersion(of: stored, in: versions)
            return try apply(applier, to: stored, info: info, actor: actor, connection)
        }
        noteWrites(1, to: info)
        return document
    }

    public func updateMany(
        in name: String, matching query: JSONValue?, with update: JSONObject, actor: String
    )
        throws -> [String]
    {
        let info = try collection(name)
        let condition = try condition(for: query)
        try DocumentStore.checkManyUpdate(update)
        let ids = try write { connection in
            let rows = try connection.execute(
                "SELECT \(Self.documentColumns) FROM \(info.table) WHERE \(condition.sql) ORDER BY id FOR UPDATE",
                condition.bindings)
            return try DocumentStore.updateEach(Self.documents(rows), with: update) {
                try apply($0, to: $1, info: info, actor: actor, connection)
            }
        }
        noteWrites(ids.count, to: info)
        return ids
    }

    private func apply(
        _ applier: UpdateApplier, to stored: Document, info: CollectionInfo, actor: String,
        _ connection: PostgresConnection
    ) throws -> Document {
        try DocumentStore.writeUpdate(
            applier, to: stored, info: info, actor: actor, now: clock.nowMilliseconds(),
            checkUnique: { fields in
                try lockCollection(info, connection)
                try checkUnique(fields, info: info, id: stored.id, connection)
            },
            run: { _ = try connection.executePrepared($0, $1) })
    }

    // MARK: Children

    public func insertChildren(
        _ objects: [JSONObject], of parent: ParentLink, into childCollection: String, options: WriteOptions
    ) throws -> [Document] {
        try DocumentStore.validateID(parent.id)
        let parentInfo = try collection(parent.collection)
        let linked = objects.map { object in
            var object = object
            parent.stamp(&object)
            return object
        }
        return try insertMany(linked, into: childCollection, options: options) { _, connection in
            let exists = try connection.execute(
                "SELECT 1 FROM \(parentInfo.table) WHERE id = ? FOR SHARE", [.text(parent.id)])
            guard exists.count > 0 else { throw StoreError.documentNotFound(parent.id) }
        }
    }

    /// Deletes the children of the deleted documents `ids` (the schema's `child` fields), and
    /// theirs, in the caller's transaction.
    func deleteChildren(
        ofDeleted ids: [String], in info: CollectionInfo, _ connection: PostgresConnection,
        cascaded: inout [(collection: String, ids: [String])]
    ) throws {
        try DocumentStore.cascadeDeletes(
            ofDeleted: ids, in: info, collection: { try? collection($0) }, cascaded: &cascaded,
            deleteLinked: { parent, child, field, ids in
                let rows = try connection.execute(
                    """
                    DELETE FROM \(child.table) WHERE doc ->> '\(ParentLink.idKey)' \(dialect.columnInBoundArray(numeric: false))
                    AND doc ->> '\(ParentLink.collectionKey)' = ? AND doc ->> '\(ParentLink.fieldKey)' = ? RETURNING id
                    """,
                    [
                        .text(JSONValue.array(ids.map(JSONValue.string)).serialized()), .text(parent.name),
                        .text(field.name),
                    ])
                return (0..<rows.count).map { rows.text($0, 0) ?? "" }.sorted()
            })
    }

    // MARK: Deletes

    @discardableResult
    public func delete(_ id: String, from name: String) throws -> String {
        try DocumentStore.validateID(id)
        let deleted = try delete(ids: [id], from: name)
        guard !deleted.isEmpty else { throw StoreError.documentNotFound(id) }
        return id
    }

    @discardableResult
    public func delete(ids: [String], from name: String) throws -> [String] {
        for id in ids { try DocumentStore.validateID(id) }
        let info = try collection(name)
        var cascaded: [(collection: String, ids: [String])] = []
        let deleted = try write { connection in
            let rows = try connection.execute(
                "DELETE FROM \(info.table) WHERE id \(dialect.columnInBoundArray(numeric: false)) RETURNING id",
                [.text(JSONValue.array(ids.map(JSONValue.string)).serialized())])
            let gone = Set((0..<rows.count).map { rows.text($0, 0) ?? "" })
            var seen = Set<String>()
            let deleted = ids.filter { gone.contains($0) && seen.insert($0).inserted }
            try deleteChildren(ofDeleted: deleted, in: info, connection, cascaded: &cascaded)
            return deleted
        }
        noteWrites(deleted.count, to: info)
        reportCascade(cascaded)
        return deleted
    }

    @discardableResult
    public func delete(matching query: JSONValue?, from name: String) throws -> [String] {
        let info = try collection(name)
        let condition = try condition(for: query)
        var cascaded: [(collection: String, ids: [String])] = []
        let deleted = try write { connection in
            let rows = try connection.execute(
                "DELETE FROM \(info.table) WHERE \(condition.sql) RETURNING id", condition.bindings)
            let ids = (0..<rows.count).map { rows.text($0, 0) ?? "" }.sorted()
            try deleteChildren(ofDeleted: ids, in: info, connection, cascaded: &cascaded)
            return ids
        }
        noteWrites(deleted.count, to: info)
        reportCascade(cascaded)
        return deleted
    }
}
