import DocumentQuery

/// How the store names and writes expression indexes on document fields.
///
/// SQLite uses an expression index only when a query repeats the indexed expression word for
/// word, with the path as a literal (not a bound `?`). Both the index and the query compiler
/// therefore write field expressions through `ValueReference.field(body:path:)`, whose path
/// text comes from the one path writer, `FieldPath.sqlLiteral` (`'$."owner"."city"'`).
///
/// A declared index is two SQLite indexes:
/// - `json_extract(body, P)`: equality, `$in` and ranges (and the unique check);
/// - `(sort rank, json_extract(body, P))`: exactly the ORDER BY a sort on the field
///   compiles to (`SortKey.sqlOrdering`), so a sorted page reads the index in order and
///   stops after `max` rows instead of parsing every document.
package enum FieldIndex {
    /// Validates a dotted field path with the query language's rule.
    package static func path(_ text: String) throws(StoreError) -> FieldPath {
        do {
            return try FieldPath(text)
        } catch {
            throw .badRequest(error.message + "; use names joined by dots such as address.city.")
        }
    }

    /// The kinds of index, as the name writes them: declared value and sort indexes, and the
    /// automatic ones the store builds by itself (`AutoIndexPolicy`).
    static let valueKind = "v"
    static let sortKind = "s"
    static let automaticValueKind = "av"
    static let automaticSortKind = "as"
    /// An automatic value index is tiers over ranges of `seq` (`AutomaticTiers`), each named
    /// with this kind and its range: `avt0to100000`, `avt100000to101300`. (`av` is a whole
    /// automatic value index, as files from before the tiers hold.)
    static let automaticTierKind = "avt"
    /// The same for an automatic sort index: `ast0to100000`. (`as`: a whole one.)
    static let automaticSortTierKind = "ast"

    /// DDL for the value index (used by filters and unique checks).
    static func createValueIndexSQL(collectionID: Int64, path: FieldPath, kind: String = valueKind) -> String
    {
        let field = ValueReference.field(body: StorageLayout.bodyColumn, path: path)
        return
            "CREATE INDEX IF NOT EXISTS \"\(indexName(collectionID: collectionID, path: path, kind: kind))\" ON "
            + "\(StorageLayout.documentTable(collectionID))(\(field.value))"
    }

    /// DDL for the sort index (type-class rank, then value).
    static func createSortIndexSQL(collectionID: Int64, path: FieldPath, kind: String = sortKind) -> String {
        let field = ValueReference.field(body: StorageLayout.bodyColumn, path: path)
        return
            "CREATE INDEX IF NOT EXISTS \"\(indexName(collectionID: collectionID, path: path, kind: kind))\" ON "
            + "\(StorageLayout.documentTable(collectionID))(\(SortKey.rankExpression(field)), \(field.value))"
    }

    /// DDL for one tier of an automatic index: the documents with `seq` after `lower` (0: from
    /// the first) through `upper`, as a partial index whose `WHERE` the reads repeat
    /// (`AutomaticTiers.rangeSQL`), named by `automaticTierName`.
    static func createAutomaticTierSQL(
        collectionID: Int64, path: FieldPath, purpose: IndexDescription.Purpose = .filter, after lower: Int64,
        through upper: Int64
    ) -> String {
        let kind = automaticTierKind(purpose, after: lower, through: upper)
        let index =
            purpose == .filter
            ? createValueIndexSQL(collectionID: collectionID, path: path, kind: kind)
            : createSortIndexSQL(collectionID: collectionID, path: path, kind: kind)
        return index + " WHERE " + AutomaticTiers.rangeSQL(after: lower, through: upper)
    }

    /// The name of a tier (`createAutomaticTierSQL`), which `AutomaticTiers.tier` reads back.
    static func automaticTierName(
        collectionID: Int64, path: FieldPath, purpose: IndexDescription.Purpose, after lower: Int64,
        through upper: Int64
    ) -> String {
        indexName(
            collectionID: collectionID, path: path,
            kind: automaticTierKind(purpose, after: lower, through: upper))
    }

    /// `avt0to100000`, `ast100000to101300`.
    private static func automaticTierKind(
        _ purpose: IndexDescription.Purpose, after lower: Int64, through upper: Int64
    )
        -> String
    {
        (purpose == .filter ? automaticTierKind : automaticSortTierKind) + "\(lower)to\(upper)"
    }

    /// `ix_<collection>_<field>_<kind>_<hash>`: readable, and unique per path.
    static func indexName(collectionID: Int64, path: FieldPath, kind: String) -> String {
        let text = path.description
        let safe = text.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        let hash = String(UInt32(truncatingIfNeeded: text.hashValueStable), radix: 16)
        return "ix_\(collectionID)_\(safe)_\(kind)_\(hash)"
    }
}

extension String {
    /// FNV-1a over UTF-8: stable across runs, unlike `hashValue`.
    fileprivate var hashValueStable: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
