import DocumentJSON
import DocumentQuery
import DocumentStore

/// Field indexes listed and removed, and live schema edits, on PostgreSQL: the same routes and
/// answers as on SQLite. An index is two expression indexes (`createIndex`): the field's
/// `jsonb` value (`docs_<id>_v_<hash>`) and its sort key (`docs_<id>_s_<hash>`); the field is
/// read back from the index's definition. There are no automatic indexes on this engine.
extension PostgresEngine: IndexingEngine, SchemaEditingEngine {
    public func indexes(of name: String) throws -> [IndexDescription] {
        let info = try collection(name)
        let rows = try run { connection in
            try connection.execute(
                """
                SELECT indexname, indexdef FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename = ?
                """, [.text("docs_\(info.id)")])
        }
        var purposes: [String: Set<IndexDescription.Purpose>] = [:]
        for row in 0..<rows.count {
            guard let indexName = rows.text(row, 0), let definition = rows.text(row, 1) else { continue }
            let parts = indexName.split(separator: "_")
            guard parts.count == 4, parts[2] == "v" || parts[2] == "s" else { continue }
            let kind = String(parts[2])
            let segments = Self.quotedLiterals(definition)
            guard !segments.isEmpty, let path = try? FieldPath(segments.joined(separator: ".")),
                Self.indexName(info, path, kind: kind) == "\"\(indexName)\""
            else { continue }
            purposes[path.description, default: []].insert(kind == "v" ? .filter : .sort)
        }
        return purposes.map { IndexDescription(field: $0.key, purposes: $0.value, automatic: false) }
            .sorted { $0.field < $1.field }
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
            for kind in ["v", "s"] {
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
