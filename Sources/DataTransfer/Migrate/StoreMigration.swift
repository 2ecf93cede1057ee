import DocumentStore

/// Moves every collection of one engine into another, all or nothing, and checks the result:
/// what `restlite migrate` does between a data folder's SQLite file and PostgreSQL (either way).
///
/// The source is read into memory from one transaction (`captureSnapshot`), written to the
/// target in one transaction (`restoreSnapshot`): the target has the old collections or all the
/// new ones, never a part. Ids, system fields (`_created`, `_changed`, `_createdby`,
/// `_changedby`, `_version`), schemas and child-collection links travel as stored. Indexes are
/// declared again on the target (each engine writes its own), and unique fields get theirs from
/// the schema.
///
/// ```swift
/// let summary = try StoreMigration.copy(from: sqlite, to: postgres, replace: false) { print($0) }
/// let report = try StoreMigration.verify(source: sqlite, target: postgres)
/// ```
public enum StoreMigration {
    /// What was copied.
    public struct Summary: Sendable, Equatable {
        public let collections: Int
        public let documents: Int
        public let indexes: Int
    }

    /// A difference `verify` found, by collection.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        public let collection: String
        public let detail: String
        public var description: String { "\(collection): \(detail)" }
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The target holds collections and `replace` was not given.
        case targetNotEmpty([String])

        public var description: String {
            switch self {
            case .targetNotEmpty(let names):
                let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", ..." : "")
                return "the target already holds \(names.count) collection\(names.count == 1 ? "" : "s") "
                    + "(\(shown)); migrate into an empty one, or add --replace to replace everything there"
            }
        }
    }

    /// Copies everything of `source` into `target`. `declaredIndexes` names the fields with a
    /// declared index per collection (the SQLite store lists them; nil declares none).
    /// `progress` gets one line per step.
    @discardableResult
    public static func copy(
        from source: any SnapshottingEngine, to target: any SnapshottingEngine, replace: Bool,
        declaredIndexes: ((String) throws -> [String])? = nil, progress: (String) -> Void = { _ in }
    ) throws -> Summary {
        let existing = target.collectionNames()
        if !existing.isEmpty && !replace { throw Failure.targetNotEmpty(existing) }
        let snapshot = try source.captureSnapshot()
        progress(
            "read \(Phrase.count(snapshot.collectionCount, "collection")), "
                + "\(Phrase.count(snapshot.documentCount, "document"))")
        try target.restoreSnapshot(snapshot.portable)
        progress("wrote them in one transaction")
        var indexes = 0
        for name in snapshot.collectionNames {
            if let schema = try target.schema(of: name), schema.fields.contains(where: \.unique) {
                try target.setSchema(schema, for: name)  // the unique fields' indexes
            }
            for field in try declaredIndexes?(name) ?? [] {
                try target.createIndex(collection: name, path: field)
                indexes += 1
            }
        }
        if indexes > 0 { progress("declared \(Phrase.count(indexes, "index", plural: "indexes")) again") }
        return Summary(
            collections: snapshot.collectionCount, documents: snapshot.documentCount, indexes: indexes)
    }

    /// Compares both sides collection by collection: names, schemas, document counts, and every
    /// document (id, body, system fields) in `_id` order. Empty when they agree.
    public static func verify(source: any DocumentEngine, target: any DocumentEngine) throws -> [Difference] {
        var differences: [Difference] = []
        let names = source.collectionNames()
        let targetNames = target.collectionNames()
        for missing in names where !targetNames.contains(missing) {
            differences.append(Difference(collection: missing, detail: "missing on the target"))
        }
        for extra in targetNames where !names.contains(extra) {
            differences.append(Difference(collection: extra, detail: "only on the target"))
        }
        for name in names where targetNames.contains(name) {
            if try source.schema(of: name) != target.schema(of: name) {
                differences.append(Difference(collection: name, detail: "the schemas differ"))
            }
            let left = try documents(of: name, in: source)
            let right = try documents(of: name, in: target)
            if left.count != right.count {
                differences.append(
                    Difference(
                        collection: name, detail: "\(left.count) documents, \(right.count) on the target"))
                continue
            }
            if let index = left.indices.first(where: { left[$0] != right[$0] }) {
                differences.append(
                    Difference(collection: name, detail: "document \(left[index].id) differs on the target"))
            }
        }
        return differences
    }

    private static func documents(of name: String, in engine: any DocumentEngine) throws -> [Document] {
        var documents: [Document] = []
        try engine.forEachDocument(in: name) { documents.append($0) }
        return documents
    }
}
