import DocumentJSON
import DocumentQuery
import DocumentStore

/// Field indexes listed and removed, automatic indexes, and live schema edits, on PostgreSQL:
/// the same routes and answers as on SQLite. A declared index is two expression indexes
/// (`createIndex`): the field's `jsonb` value (`docs_<id>_v_<hash>`) and its sort key
/// (`docs_<id>_s_<hash>`). An automatic one (`AutoIndexer`, the same policy as on SQLite) is
/// one of the two, whichever the slow reads asked for: `docs_<id>_av_<hash>` or
/// `docs_<id>_as_<hash>`. The field is read back from the index's definition.
extension PostgresEngine: AutoIndexingEngine, SchemaEditingEngine {
    /// The kinds of index, as the names write them: declared value and sort indexes, then the
    /// automatic ones.
    static let indexKinds = ["v", "s", "av", "as"]

    public func indexes(of name: String) throws -> [IndexDescription] {
        let info = try collection(name)
        let rows = try run { connection in
            try connection.execute(
                """
                SELECT indexname, indexdef FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename = ?
                """, [.text("docs_\(info.id)")])
        }
        let fields = (0..<rows.count).compactMap { row -> (field: String, kind: String)? in
            guard let indexName = rows.text(row, 0), let definition = rows.text(row, 1),
                let field = Self.indexedField(info, indexName, definition)
            else { return nil }
            return (field: field.path.description, kind: field.kind)
        }
        return IndexDescription.listing(fields)
    }

    /// The field and kind of one of restlite's indexes on `info`'s table (nil for any other
    /// index): the name must be the one `indexName` gives the field read from the definition.
    static func indexedField(_ info: CollectionInfo, _ name: String, _ definition: String)
        -> (path: FieldPath, kind: String)?
    {
        let parts = name.split(separator: "_")
        guard parts.count == 4, indexKinds.contains(String(parts[2])) else { return nil }
        let kind = String(parts[2])
        let segments = quotedLiterals(definition)
        guard !segments.isEmpty, let path = try? FieldPath(segments.joined(separator: ".")),
            Self.indexName(info, path, kind: kind) == "\"\(name)\""
        else { return nil }
        return (path, kind)
    }

    public func indexUses(of name: String) throws -> [IndexUse] {
        let info = try collection(name)
        return autoIndexer?.uses(collectionID: info.id) ?? []
    }

    package func automaticIndexKeys() throws -> [AutoIndexer.Key] {
        let infos = collectionNames().compactMap { try? collection($0) }
        let byTable = Dictionary(infos.map { ("docs_\($0.id)", $0) }, uniquingKeysWith: { first, _ in first })
        let rows = try run { connection in
            try connection.execute(
                """
                SELECT tablename, indexname, indexdef FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename LIKE 'docs\\_%'
                """)
        }
        var keys: [AutoIndexer.Key] = []
        for row in 0..<rows.count {
            guard let table = rows.text(row, 0), let info = byTable[table], let indexName = rows.text(row, 1),
                let definition = rows.text(row, 2),
                let field = Self.indexedField(info, indexName, definition),
                field.kind.hasPrefix("a")
            else { continue }
            keys.append(
                .init(collectionID: info.id, path: field.path, purpose: field.kind == "av" ? .filter : .sort))
        }
        return keys
    }

    package func createAutomaticIndex(_ key: AutoIndexer.Key, maximumDocuments: Int) throws
        -> AutomaticIndexOutcome
    {
        guard let info = collection(id: key.collectionID) else { return .gone }
        let declared = Self.indexName(info, key.path, kind: key.purpose == .filter ? "v" : "s")
        return try write { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            let documents = Int(try connection.execute("SELECT count(*) FROM \(info.table)").int64(0, 0))
            if documents > maximumDocuments { return .tooLarge(documents: documents) }
            if try connection.execute("SELECT to_regclass(?) IS NOT NULL", [.text(declared)]).text(0, 0)
                == "t"
            {
                return .covered
            }
            try connection.execute(Self.automaticIndexSQL(info, key))
            try announceCatalogChange(connection)
            return .built
        }
    }

    package func dropAutomaticIndex(_ key: AutoIndexer.Key) throws {
        guard let info = collection(id: key.collectionID) else { return }
        try write { connection in
            try connection.execute(
                "DROP INDEX IF EXISTS \(Self.indexName(info, key.path, kind: key.purpose == .filter ? "av" : "as"))"
            )
            try announceCatalogChange(connection)
        }
    }

    /// The automatic index `key` asks for: the value index or the sort index of a declared
    /// index, under the automatic kind's name.
    static func automaticIndexSQL(_ info: CollectionInfo, _ key: AutoIndexer.Key) -> String {
        switch key.purpose {
        case .filter:
            "CREATE INDEX IF NOT EXISTS \(indexName(info, key.path, kind: "av")) ON \(info.table)"
                + "(\(PostgresDialect.fieldExpression(documentColumn, key.path.segments.map(PathStep.key))))"
        case .sort:
            "CREATE INDEX IF NOT EXISTS \(indexName(info, key.path, kind: "as")) ON \(info.table)"
                + "((\(sortExpression(key.path))))"
        }
    }

    /// The collection with catalog id `id`, if there is one.
    private func collection(id: Int64) -> CollectionInfo? {
        collectionNames().lazy.compactMap { try? self.collection($0) }.first { $0.id == id }
    }

    /// The fields a read filters and sorts on and when it started, when this engine indexes by
    /// itself and the read has any (`AutoIndexer`); `endRead` reports it.
    func startRead(_ request: FindRequest) -> ReadTiming? {
        guard autoIndexer != nil, let query = try? DocumentStore.parsed(request.query) else { return nil }
        let fields = IndexableFields(query: query.root, sort: request.sort)
        return fields.isEmpty ? nil : ReadTiming(fields: fields, started: .now)
    }

    /// Tells the automatic indexes how long the read `timing` started took, or `atLeast` (a page
    /// answered from memory: how long it took to read when it was read).
    func endRead(_ timing: ReadTiming?, _ info: CollectionInfo, atLeast: Duration? = nil) {
        guard let timing, let autoIndexer else { return }
        let elapsed = ContinuousClock.now - timing.started
        autoIndexer.observe(timing.fields, info: info, elapsed: max(elapsed, atLeast ?? .zero), engine: self)
    }

    /// Tells the automatic indexes that a write changed `count` documents of `info`'s
    /// collection (`AutoIndexPolicy.writeCost`).
    func noteWrites(_ count: Int, to info: CollectionInfo) {
        autoIndexer?.noteWrites(count, collectionID: info.id, engine: self)
    }

    struct ReadTiming {
        let fields: IndexableFields
        let started: ContinuousClock.Instant
    }

    @discardableResult
    public func dropIndex(collection name: String, field: String) throws -> Bool {
        let info = try collection(name)
        let path = try FieldIndex.path(field)
        if info.schema?.fields.contains(where: { $0.unique && $0.name == field }) == true {
            throw StoreError.badRequest(
                "\(field) is unique in the schema of \(name); its index checks that and stays.")
        }
        return try write { connection in
            var dropped = false
            for kind in Self.indexKinds {
                let indexName = Self.indexName(info, path, kind: kind)
                let found = try connection.execute("SELECT to_regclass(?) IS NOT NULL", [.text(indexName)])
                guard found.text(0, 0) == "t" else { continue }
                try connection.execute("DROP INDEX IF EXISTS \(indexName)")
                dropped = true
            }
            if dropped { try announceCatalogChange(connection) }
            return dropped
        }
    }

    /// The `'...'` literals of an index definition, in order: the keys of the indexed path
    /// (`((doc -> 'owner'::text) -> 'city'::text)`).
    static func quotedLiterals(_ definition: String) -> [String] {
        var literals: [String] = []
        var characters = definition.makeIterator()
        var current: String?
        var pending: Character?
        while let character = pending ?? characters.next() {
            pending = nil
            guard var literal = current else {
                if character == "'" { current = "" }
                continue
            }
            if character == "'" {
                let next = characters.next()
                if next == "'" {
                    literal.append("'")
                    current = literal
                } else {
                    literals.append(literal)
                    current = nil
                    pending = next
                }
            } else {
                literal.append(character)
                current = literal
            }
        }
        return literals
    }

    public func editSchema(_ edit: SchemaEdit, of name: String, apply: Bool) throws -> SchemaEditReport {
        let info = try collection(name)
        var plan = try SchemaEditPlan(old: info.schema?.fields ?? [], edit: edit)
        if !apply {
            try snapshot { connection in
                try plan.measure(
                    rows: { visit in try Self.eachDocument(info, connection, visit) }, write: nil)
            }
            return plan.report(applied: false)
        }
        let now = clock.nowMilliseconds()
        try writeCatalog { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            // Writers of the collection wait: nothing changes between the scan and the writes.
            try connection.execute("LOCK TABLE \(info.table) IN SHARE ROW EXCLUSIVE MODE")
            try lockCollection(info, connection)
            try plan.measure(rows: { visit in try Self.eachDocument(info, connection, visit) }) {
                id, body, version in
                try connection.execute(
                    "UPDATE \(info.table) SET body = ?, changed = GREATEST(changed, ?), version = ? WHERE id = ?",
                    [
                        .text(String(decoding: body, as: UTF8.self)), .integer(now), .integer(version),
                        .text(id),
                    ])
            }
            let schema = edit.fields.isEmpty ? nil : CollectionSchema(fields: edit.fields)
            try writeSchema(schema, info: info, connection)
        }
        return plan.report(applied: true)
    }

    private static func eachDocument(
        _ info: CollectionInfo, _ connection: PostgresConnection,
        _ visit: (_ id: String, _ body: String, _ version: Int64) throws -> Void
    ) throws {
        let rows = try connection.execute("SELECT id, body, version FROM \(info.table) ORDER BY id")
        for row in 0..<rows.count {
            try visit(rows.text(row, 0) ?? "", rows.text(row, 1) ?? "{}", rows.int64(row, 2))
        }
    }
}
