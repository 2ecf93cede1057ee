import DocumentJSON
import DocumentStore

/// Reads one JSON object per line; blank lines are skipped.
struct JSONLinesReader {
    private let bytes: [UInt8]
    private let file: String
    private var index: Int
    private var line = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        index = ImportFormat.startAfterByteOrderMark(bytes)
    }

    /// How far into the file reading has got, in bytes.
    var bytesRead: Int { min(index, bytes.count) }

    mutating func next() throws(ImportError) -> ImportRecord? {
        while index < bytes.count {
            line += 1
            let start = index
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            index = end + 1
            let slice = bytes[start..<end]
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            return ImportRecord(document: try parseObject(slice), line: line)
        }
        return nil
    }

    private func parseObject(_ slice: ArraySlice<UInt8>) throws(ImportError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSON.parse(slice)
        } catch {
            throw ImportError(
                file: file, line: line, message: "broken JSON: \(error.reason) (column \(error.column))")
        }
        guard case .object(let object) = value else {
            throw ImportError(
                file: file, line: line, message: "expected an object, found \(Phrase.kind(of: value))")
        }
        return object
    }
}
