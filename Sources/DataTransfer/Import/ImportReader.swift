import DocumentStore

/// Reads the documents of an import file in any `ImportFormat`, one record at a time.
public struct ImportReader {
    private enum Source {
        case array(JSONArrayReader)
        case lines(JSONLinesReader)
        case csv(CSVReader)
    }

    private var source: Source

    /// - Parameters:
    ///   - declaredTypes: the existing schema's types, used to convert CSV cells (a `text`
    ///     field keeps `123` as text); JSON values are never converted.
    public init(
        bytes: [UInt8], format: ImportFormat, file: String, declaredTypes: [String: ImportFieldType] = [:]
    ) throws(ImportError) {
        switch format {
        case .json: source = .array(try JSONArrayReader(bytes: bytes, file: file))
        case .jsonl: source = .lines(JSONLinesReader(bytes: bytes, file: file))
        case .csv: source = .csv(try CSVReader(bytes: bytes, file: file, declaredTypes: declaredTypes))
        }
    }

    /// How far into the file reading has got, in bytes (for progress).
    public var bytesRead: Int {
        switch source {
        case .array(let reader): reader.bytesRead
        case .lines(let reader): reader.bytesRead
        case .csv(let reader): reader.bytesRead
        }
    }

    /// The next record, or nil at the end of the file.
    public mutating func next() throws(ImportError) -> ImportRecord? {
        switch source {
        case .array(var reader):
            defer { source = .array(reader) }
            return try reader.next()
        case .lines(var reader):
            defer { source = .lines(reader) }
            return try reader.next()
        case .csv(var reader):
            defer { source = .csv(reader) }
            return try reader.next()
        }
    }
}
