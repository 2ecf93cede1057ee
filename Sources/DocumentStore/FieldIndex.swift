import Foundation

/// How the store names and writes expression indexes on document fields.
///
/// SQLite uses an expression index only when a query repeats the indexed expression word for
/// word, with the path as a literal (not a bound `?`): `json_extract(body, '$.name')`, and for
/// keys that are not plain identifiers `json_extract(body, '$."odd key"')`. The query
/// compiler must produce the same text (see `pathLiteral`).
enum FieldIndex {
    /// The SQL string literal of the JSON path for a dotted field path (`a.b` -> `'$.a.b'`).
    static func pathLiteral(_ path: String) throws(StoreError) -> String {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard !path.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .badRequest("'\(path)' is not a field path; use names joined by dots such as address.city.")
        }
        var jsonPath = "$"
        for part in parts {
            if isPlainIdentifier(part) {
                jsonPath += "." + part
            } else {
                guard !part.contains("\"") else {
                    throw .badRequest("Field names with double quotes cannot be indexed.")
                }
                jsonPath += ".\"" + part + "\""
            }
        }
        return "'" + jsonPath.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func indexName(collectionID: Int64, path: String) -> String {
        let safe = path.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return
            "idx_\(collectionID)_\(safe)_\(String(UInt32(truncatingIfNeeded: path.hashValueStable), radix: 16))"
    }

    private static func isPlainIdentifier(_ part: Substring) -> Bool {
        guard let first = part.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return part.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_")
        }
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
