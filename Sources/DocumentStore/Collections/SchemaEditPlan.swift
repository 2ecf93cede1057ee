import DocumentJSON

/// One schema edit worked out against the old schema (what is added, renamed, removed,
/// retyped), then run over the documents: what each would become and which values the new
/// definitions refuse. `DocumentStore.editSchema` and PostgreSQL's engine drive it.
package struct SchemaEditPlan {
    let edit: SchemaEdit
    let renames: [SchemaEditReport.Rename]
    let added: [String]
    let removed: [String]
    let retyped: [SchemaEditReport.Retype]
    /// Fields whose values are checked: new, retyped or newly required.
    let checked: [FieldSchema]
    /// Fields that become unique: their values are checked for duplicates.
    let newlyUnique: [FieldSchema]
    private var documents = 0
    private var changedDocuments = 0
    private var misfits: [String: SchemaEditReport.Misfit] = [:]

    package init(old: [FieldSchema], edit: SchemaEdit) throws {
        try Self.validate(edit, old: old)
        self.edit = edit
        renames = edit.renames.sorted { $0.key < $1.key }.map { .init(from: $0.key, to: $0.value) }
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sourceOf = Dictionary(uniqueKeysWithValues: edit.renames.map { ($0.value, $0.key) })
        var added: [String] = []
        var retyped: [SchemaEditReport.Retype] = []
        var checked: [FieldSchema] = []
        var newlyUnique: [FieldSchema] = []
        for field in edit.fields {
            let before = oldByName[sourceOf[field.name] ?? field.name]
            if before == nil { added.append(field.name) }
            if let before, before.type != field.type {
                retyped.append(.init(field: field.name, from: before.type, to: field.type))
            }
            if field.type != .child,
                before == nil || before?.type != field.type || (field.required && before?.required != true)
            {
                checked.append(field)
            }
            if field.unique, before?.unique != true { newlyUnique.append(field) }
        }
        let kept = Set(edit.fields.map { sourceOf[$0.name] ?? $0.name })
        removed = old.map(\.name).filter { !kept.contains($0) }
        self.added = added
        self.retyped = retyped
        self.checked = checked
        self.newlyUnique = newlyUnique
    }

    /// Refuses what cannot be meant: system fields, a field listed twice, a rename from a field
    /// the schema lacks or to one the new schema lacks, or onto a field that stays.
    private static func validate(_ edit: SchemaEdit, old: [FieldSchema]) throws {
        if let system = edit.fields.first(where: { SystemFields.owns($0.name) }) {
            throw StoreError.badRequest(
                "'\(system.name)' is a system field, which the store writes itself; leave it out of the schema."
            )
        }
        var seen = Set<String>()
        for field in edit.fields where !seen.insert(field.name).inserted {
            throw StoreError.badRequest("The schema lists field '\(field.name)' twice; list each field once.")
        }
        let oldNames = Set(old.map(\.name))
        let renamedAway = Set(edit.renames.keys)
        for (from, to) in edit.renames.sorted(by: { $0.key < $1.key }) {
            guard oldNames.contains(from) else {
                throw StoreError.badRequest("Cannot rename '\(from)': the schema has no such field.")
            }
            guard seen.contains(to), from != to else {
                throw StoreError.badRequest(
                    "The rename of '\(from)' to '\(to)' needs '\(to)' among the new fields (and a different name)."
                )
            }
            if oldNames.contains(to), !renamedAway.contains(to) {
                throw StoreError.badRequest(
                    "Cannot rename '\(from)' to '\(to)': '\(to)' is a field already; remove or rename it first."
                )
            }
        }
        if Set(edit.renames.values).count != edit.renames.count {
            throw StoreError.badRequest("Two fields are renamed to the same name; give each its own.")
        }
    }

    /// Runs over every document: counts the values the new definitions refuse and the
    /// documents whose text changes; with `write`, hands each changed document (id, new
    /// text, next version) to it after the scan.
    mutating func measure(
        info: CollectionInfo, _ connection: SQLiteConnection,
        write: ((String, [UInt8], Int64) throws -> Void)?
    ) throws {
        try measure(
            rows: { visit in
                try connection.forEachRow("SELECT id, body, version FROM \(info.table) ORDER BY id") { row in
                    try visit(row.text(0) ?? "", row.text(1) ?? "{}", row.int64(2))
                }
            }, write: write)
    }

    /// `measure` over any engine's documents: `rows` calls its argument with each document's
    /// id, stored text and version, in `_id` order.
    package mutating func measure(
        rows: (_ visit: (String, String, Int64) throws -> Void) throws -> Void,
        write: ((String, [UInt8], Int64) throws -> Void)?
    ) throws {
        var changes: [(String, [UInt8], Int64)] = []
        var uniqueValues: [String: Set<String>] = [:]
        try rows { id, bodyText, version in
            documents += 1
            guard case .object(let stored) = try JSON.parse(bodyText) else { return }
            var object = stored
            rewrite(&object)
            for field in newlyUnique {
                guard let value = object[field.name], !value.isNull else { continue }
                if !uniqueValues[field.name, default: []].insert(value.serialized()).inserted {
                    count(field.name, "is not unique (another document has the same value)")
                }
            }
            guard object != stored else { return }
            changedDocuments += 1
            object.setFirst(SystemFields.id, .string(id))
            var text: [UInt8] = []
            object.write(to: &text)
            changes.append((id, text, version + 1))
        }
        if let write { for (id, text, version) in changes { try write(id, text, version) } }
    }

    /// A document as the new schema has it: renamed keys in place, removed values gone (when
    /// asked), dates normalised; refused values counted.
    private mutating func rewrite(_ object: inout JSONObject) {
        if !renames.isEmpty {
            let moved = Dictionary(uniqueKeysWithValues: renames.map { ($0.from, $0.to) })
            let source = Dictionary(uniqueKeysWithValues: renames.map { ($0.to, $0.from) })
            let before = object
            object = JSONObject(
                before.members.compactMap { member in
                    if let to = moved[member.key] { return (to, member.value) }
                    // A value already at a rename's target gives way to the renamed one.
                    if let from = source[member.key], before[from] != nil { return nil }
                    return (member.key, member.value)
                })
        }
        if edit.removeValues { for name in removed { _ = object.removeValue(forKey: name) } }
        for field in checked {
            var probe = JSONObject()
            if let value = object[field.name] { probe[field.name] = value }
            if let error = CollectionSchema(fields: [field]).validate(&probe).first {
                count(field.name, error.message)
            } else if let value = probe[field.name], value != object[field.name] {
                object[field.name] = value
            }
        }
    }

    private mutating func count(_ field: String, _ message: String) {
        misfits[field, default: .init(field: field, documents: 0, message: message)].documents += 1
    }

    package func report(applied: Bool) -> SchemaEditReport {
        SchemaEditReport(
            documents: documents, added: added, removed: removed, renamed: renames, retyped: retyped,
            misfits: edit.fields.compactMap { misfits[$0.name] }, changedDocuments: changedDocuments,
            removedValues: edit.removeValues, applied: applied)
    }
}
