import DocumentJSON
import DocumentQuery

/// Child collections: documents of one collection linked to a parent document of another
/// (`ParentLink`), inserted only while the parent exists and deleted with it.
extension DocumentStore {
    /// Inserts `objects` into `childCollection` as children of `parent`, in one transaction that
    /// first checks that the parent exists (so no child is stored for a parent deleted at the
    /// same moment). Each object's link fields are set from `parent`. Throws `documentNotFound`
    /// (the parent's id) or `collectionNotFound` (the parent's collection), and what
    /// `insertMany` throws.
    public func insertChildren(
        _ objects: [JSONObject], of parent: ParentLink, into childCollection: String,
        options: WriteOptions = WriteOptions()
    ) throws -> [Document] {
        try Self.validateID(parent.id)
        let parentInfo = try collection(parent.collection)
        let linked = objects.map { object in
            var object = object
            parent.stamp(&object)
            return object
        }
        return try insertMany(linked, into: childCollection, options: options) { childInfo, connection in
            let exists = try connection.scalar(
                "SELECT 1 FROM \(parentInfo.table) WHERE id = ?", [.text(parent.id)])
            guard exists != nil else { throw StoreError.documentNotFound(parent.id) }
            // Cheap once the index exists (no schema change); the first child creates it.
            try connection.execute(
                FieldIndex.createValueIndexSQL(
                    collectionID: childInfo.id, path: try Self.linkPath(ParentLink.idKey)))
        }
    }

    /// Deletes, inside the caller's write transaction, the children (and their children, ...)
    /// of the documents `ids` just deleted from `info`, following its schema's `child` fields.
    /// Each parent's children are found through the `_parent_id` index.
    func deleteChildren(
        ofDeleted ids: [String], in info: CollectionInfo, _ connection: SQLiteConnection,
        cascaded: inout [(collection: String, ids: [String])]
    ) throws {
        let match = try Self.childrenCondition()
        try Self.cascadeDeletes(
            ofDeleted: ids, in: info, collection: { try? collection($0) }, cascaded: &cascaded,
            deleteLinked: { parent, child, field, ids in
                var childIDs: [String] = []
                for id in ids {
                    let bindings: [SQLValue] = [.text(id), .text(parent.name), .text(field.name)]
                    try connection.forEachRow("SELECT id FROM \(child.table) WHERE \(match)", bindings) {
                        row in
                        childIDs.append(row.text(0) ?? "")
                    }
                    try connection.run("DELETE FROM \(child.table) WHERE \(match)", bindings)
                }
                return childIDs
            })
    }

    /// The cascade of a delete, on any engine, inside the caller's write transaction: for each
    /// `child` field of `info`'s schema, `deleteLinked(info, child, field, ids)` deletes the
    /// children of the documents `ids` (just deleted from `info`) and answers their ids,
    /// which are reported in `cascaded` and whose own children go next. `collection` finds a
    /// collection by name (nil: gone, nothing to delete).
    package static func cascadeDeletes(
        ofDeleted ids: [String], in info: CollectionInfo, collection: (String) -> CollectionInfo?,
        cascaded: inout [(collection: String, ids: [String])],
        deleteLinked: (
            _ parent: CollectionInfo, _ child: CollectionInfo, _ field: FieldSchema, _ ids: [String]
        )
            throws -> [String]
    ) throws {
        guard !ids.isEmpty, let schema = info.schema else { return }
        for field in schema.childFields {
            guard let name = field.collection, let child = collection(name) else { continue }
            let childIDs = try deleteLinked(info, child, field, ids)
            if !childIDs.isEmpty { cascaded.append((collection: child.name, ids: childIDs)) }
            try cascadeDeletes(
                ofDeleted: childIDs, in: child, collection: collection, cascaded: &cascaded,
                deleteLinked: deleteLinked)
        }
    }

    /// The SQL condition selecting one parent's children of one field: bindings are the
    /// parent's id, collection and field. The `_parent_id` test is written exactly as the index
    /// expression, so SQLite looks it up in the index.
    static func childrenCondition() throws -> String {
        let body = StorageLayout.bodyColumn
        let id = ValueReference.field(body: body, path: try linkPath(ParentLink.idKey)).value
        let def = ValueReference.field(body: body, path: try linkPath(ParentLink.collectionKey)).value
        let field = ValueReference.field(body: body, path: try linkPath(ParentLink.fieldKey)).value
        return "\(id) = ? AND \(def) = ? AND \(field) = ?"
    }

    /// The path of one of the link's keys (fixed, valid names: this never throws in practice).
    static func linkPath(_ key: String) throws -> FieldPath {
        try FieldPath(key)
    }
}
