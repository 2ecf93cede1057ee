import DocumentJSON
import DocumentStore

/// Writes a whole collection in an `ImportFormat`, streaming from the store.
///
/// ```swift
/// var output = FileOutput.standardOutput()
/// let count = try Exporter.export(collection: "a3cats", from: store, format: .json, to: &output)
/// ```
public enum Exporter {
    /// Writes every document of `collection` in `_id` order and returns how many. JSON
    /// formats write each stored document as it is; CSV columns are `_id`, the schema's
    /// fields, then any other field in first-seen order (found in a first pass). CSV text that
    /// a spreadsheet would run as a formula gets a `'` in front unless `escapeFormulas` is false
    /// (`CSVFormulaEscape`).
    @discardableResult
    public static func export(
        collection: String, from store: any DocumentEngine, format: ImportFormat, metafields: Bool = false,
        escapeFormulas: Bool = true, to output: inout some ByteOutput
    ) throws -> Int {
        let columns = format == .csv ? try csvColumns(collection, store: store, metafields: metafields) : []
        var writer = ExportWriter(format: format, columns: columns, output: output)
        writer.escapesFormulas = escapeFormulas
        try writer.begin()
        try store.forEachDocument(in: collection) { document in
            try writer.write(document.object(metafields: metafields))
        }
        try writer.end()
        output = writer.output
        return writer.count
    }

    private static func csvColumns(_ collection: String, store: any DocumentEngine, metafields: Bool) throws
        -> [String]
    {
        var names = ["_id"] + (try store.schema(of: collection)?.fields.map(\.name) ?? [])
        var seen = Set(names)
        try store.forEachDocument(in: collection) { document in
            for key in document.object().keys where seen.insert(key).inserted { names.append(key) }
        }
        let system = ["_created", "_changed", "_createdby", "_changedby", "_version"]
        return metafields ? names + system : names
    }
}
