import DocumentQuery
import PlatformSupport

/// The tiers of SQLite's automatic indexes, as reads use them.
///
/// An automatic index (a value index for filters, a sort index for sorts) is not one index over
/// the whole collection: it is a few partial indexes, each over a range of `seq`
/// (`FieldIndex.createAutomaticTierSQL`): the base up to the
/// last document when it was built, then one tier per catch-up. A document inserted after the
/// last tier is in none of them, so an insert costs no index entry (one more page of the
/// write-ahead log per commit, about a third of a POST, docs/PERFORMANCE.md). A read on the field
/// asks each tier for its range and reads the documents past the last tier by `seq` (the tail);
/// when reads find the tail slow, `AutoIndexer` asks the store to catch up
/// (`DocumentStore.catchUpAutomaticIndex`), which adds a tier over the tail or merges the tiers.
///
/// The bounds here only make reads fast, never right: `condition(table:bounds:template:)` splits
/// a read into ranges of `seq` that cover every document whatever the bounds are, and SQLite uses
/// a tier only where its range is exactly one of them. So bounds that another process changed since
/// (`--share-database`) cost time until the next sweep reloads them, not results.
///
/// Ownership argument for `@unchecked Sendable`: `bounds` is read and written under `lock`.
final class AutomaticTiers: @unchecked Sendable {
    /// One tier of an automatic index, as its name and SQL in `sqlite_schema` say.
    struct Tier: Equatable {
        let name: String
        /// The collection whose table it indexes (`ix_<id>_...`).
        let collectionID: Int64
        let path: FieldPath
        let purpose: IndexDescription.Purpose
        /// The range of `seq`: after `lower` (0: from the first document) through `upper`.
        let lower: Int64
        let upper: Int64
    }

    struct Field: Hashable {
        let path: FieldPath
        let purpose: IndexDescription.Purpose
    }

    private let lock = PosixCondition()

    /// The upper bounds of each field's tiers, ascending, per collection id.
    private var bounds: [Int64: [Field: [Int64]]] = [:]

    /// True when no automatic index has tiers.
    var isEmpty: Bool { lock.withLock { bounds.isEmpty } }

    /// The tiers' upper bounds of the first of `paths` (in path order) whose `purpose` index has
    /// tiers in collection `collectionID`, or nil.
    func bounds(collectionID: Int64, paths: Set<FieldPath>, purpose: IndexDescription.Purpose = .filter)
        -> [Int64]?
    {
        lock.withLock {
            guard let fields = bounds[collectionID] else { return nil }
            let tiered = paths.filter { fields[Field(path: $0, purpose: purpose)] != nil }
            return tiered.min { $0.description < $1.description }.flatMap {
                fields[Field(path: $0, purpose: purpose)]
            }
        }
    }

    /// Replaces what is known with `tiers` (every automatic tier in the file).
    func replace(with tiers: [Tier]) {
        var loaded: [Int64: [Field: [Int64]]] = [:]
        for tier in tiers {
            let field = Field(path: tier.path, purpose: tier.purpose)
            loaded[tier.collectionID, default: [:]][field, default: []].append(tier.upper)
        }
        for (collectionID, fields) in loaded {
            loaded[collectionID] = fields.mapValues { Array(Set($0)).sorted() }
        }
        lock.withLock { bounds = loaded }
    }

    /// What `Query.sqlCondition(bodyColumn:armGuard:)` is given as the guard of a read over
    /// tiers: a control character, which no field path holds (and every literal is bound), so
    /// `condition(table:bounds:template:)` can put each range in its place.
    static let rangeMarker = String(UnicodeScalar(markerByte))
    private static let markerByte: UInt8 = 0x01

    /// A read's condition over tiers with upper bounds `bounds`: `seq IN (...)` of one
    /// `SELECT` per range of `seq` (through the first bound, between two, and past the last),
    /// each `template` with the range in place of every `rangeMarker`. The template is the query
    /// compiled once with `rangeMarker` as the guard of each arm of its field tests: SQLite reads
    /// an arm from a partial index only when the arm itself repeats the index's `WHERE`. The
    /// range past the last bound (the tail) is read by `seq`. The ranges cover every `seq`, so
    /// the result is the condition's whatever `bounds` holds.
    static func condition(table: String, bounds: [Int64], template: SQLFragment) -> SQLFragment {
        let column = StorageLayout.sequenceColumn
        let pieces = template.sql.utf8.split(separator: markerByte, omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
        let selects = ranges(bounds).map { range in
            SQLFragment(
                "SELECT \(column) FROM \(table) WHERE \(range) AND (\(pieces.joined(separator: range)))",
                template.bindings)
        }
        return SQLFragment("\(column) IN (") + SQLFragment.joined(selects, separator: " UNION ALL ")
            + SQLFragment(")")
    }

    /// The `seq` range of a tier, as its partial index's `WHERE` and the reads write it (SQLite
    /// uses a partial index only when the read repeats its terms).
    static func rangeSQL(after lower: Int64, through upper: Int64) -> String {
        let column = StorageLayout.sequenceColumn
        return lower == 0 ? "\(column) <= \(upper)" : "\(column) > \(lower) AND \(column) <= \(upper)"
    }

    /// The tier an index name describes (`FieldIndex.automaticTierName`), or nil.
    static func tier(name: String, path: FieldPath) -> Tier? {
        let parts = name.split(separator: "_")
        guard parts.count >= 4, let collectionID = Int64(parts[1]) else { return nil }
        let kind = parts[parts.count - 2]
        let kinds: [(String, IndexDescription.Purpose)] = [
            (FieldIndex.automaticTierKind, .filter), (FieldIndex.automaticSortTierKind, .sort),
        ]
        guard let (prefix, purpose) = kinds.first(where: { kind.hasPrefix($0.0) }) else { return nil }
        let range = kind.dropFirst(prefix.count).split(separator: "to")
        guard range.count == 2, let lower = Int64(range[0]), let upper = Int64(range[1]), lower < upper else {
            return nil
        }
        return Tier(
            name: name, collectionID: collectionID, path: path, purpose: purpose, lower: lower, upper: upper)
    }

    /// The ranges of `seq` that tiers with upper bounds `bounds` split the documents into:
    /// through the first bound, between two, and past the last (the tail).
    static func ranges(_ bounds: [Int64]) -> [String] {
        var ranges = [rangeSQL(after: 0, through: bounds.first ?? Int64.max)]
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            ranges.append(rangeSQL(after: lower, through: upper))
        }
        if let last = bounds.last { ranges.append("\(StorageLayout.sequenceColumn) > \(last)") }
        return ranges
    }
}
