import DocumentQuery
import DocumentStore
import MediaArchive

/// The media archive in the PostgreSQL database, so that every restlite process on it sees the
/// same files: `restlite_media` holds each file's metadata (and whether it is set aside for a
/// reset), `restlite_media_chunks` its bytes as `bytea` in pieces of `chunkSize`, numbered from
/// 0. An upload is one transaction (every file of it, or none); a range is read from the pieces
/// that hold it, so neither an upload nor a download needs a large file whole in memory, and no
/// value comes near `bytea`'s 1 GB limit. The pieces are stored without compression
/// (`STORAGE EXTERNAL`): pictures are compressed already, and PostgreSQL then reads only the
/// TOAST chunks of a piece that a range touches.
///
/// Files set aside (a start file deleted, kept for a reset) are dropped when a storage opens, as
/// a data folder's `.trash-` files are.
public final class PostgresMediaStorage: MediaStorage, Sendable {
    /// Bytes per stored piece.
    static let chunkSize = 1 << 20
    private static let columns = "id, created, origname, size, mimetype, fieldname"
    private let pool: PostgresPool

    public var directory: String? { nil }

    init(pool: PostgresPool) throws(MediaStoreError) {
        self.pool = pool
        _ = try run { connection in try connection.execute("DELETE FROM restlite_media WHERE set_aside") }
    }

    /// `body` with a pooled connection; an unreachable database is `.unavailable`, any other
    /// failure `.database`.
    private func run<T>(_ body: (PostgresConnection) throws -> T) throws(MediaStoreError) -> T {
        do {
            return try pool.with(body)
        } catch let error as StoreUnavailable {
            throw .unavailable(error.reason, retryAfterSeconds: error.retryAfterSeconds)
        } catch let error as MediaStoreError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    private static func records(_ rows: PostgresRows) -> [MediaRecord] {
        (0..<rows.count).map { row in
            MediaRecord(
                id: rows.text(row, 0) ?? "", created: rows.text(row, 1) ?? "",
                originalName: rows.text(row, 2) ?? "", size: Int(rows.int64(row, 3)),
                mimeType: rows.text(row, 4) ?? "", fieldName: rows.text(row, 5) ?? "")
        }
    }

    public func records() throws(MediaStoreError) -> [MediaRecord] {
        try run { connection in
            Self.records(
                try connection.execute(
                    "SELECT \(Self.columns) FROM restlite_media WHERE NOT set_aside ORDER BY id"))
        }
    }

    public func record(_ key: String) throws(MediaStoreError) -> MediaRecord? {
        try run { connection in
            Self.records(
                try connection.execute(
                    """
                    SELECT \(Self.columns) FROM restlite_media
                    WHERE NOT set_aside AND (id = ? OR origname = ?) ORDER BY id = ? DESC, id DESC LIMIT 1
                    """, [.text(key), .text(key), .text(key)])
            ).first
        }
    }

    public func store(_ files: [(record: MediaRecord, upload: MediaStore.Upload)]) throws(MediaStoreError) {
        try run { connection in
            try connection.transaction {
                for (record, upload) in files {
                    try connection.execute(
                        "INSERT INTO restlite_media(\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            .text(record.id), .text(record.created), .text(record.originalName),
                            .integer(Int64(record.size)), .text(record.mimeType), .text(record.fieldName),
                        ])
                    var position = upload.range.lowerBound
                    var sequence: Int64 = 0
                    while position < upload.range.upperBound {
                        let end = min(upload.range.upperBound, position + Self.chunkSize)
                        let piece = try upload.source.bytes(in: position..<end)
                        // A source shorter than it said (a file cut short on disk) must not loop forever.
                        guard piece.count == end - position else {
                            throw MediaStoreError.io("read", path: "upload of \(record.id)", errno: 5)
                        }
                        try connection.execute(
                            "INSERT INTO restlite_media_chunks(id, seq, bytes) VALUES (?, ?, ?)",
                            [.text(record.id), .integer(sequence), .blob(Array(piece))])
                        position = end
                        sequence += 1
                    }
                }
            }
        }
    }

    public func read(_ id: String, range: Range<Int>) throws(MediaStoreError) -> [UInt8] {
        guard !range.isEmpty else { return [] }
        let first = range.lowerBound / Self.chunkSize
        let last = (range.upperBound - 1) / Self.chunkSize
        let rows = try run { connection in
            try connection.execute(
                "SELECT bytes FROM restlite_media_chunks WHERE id = ? AND seq BETWEEN ? AND ? ORDER BY seq",
                [.text(id), .integer(Int64(first)), .integer(Int64(last))])
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((last - first + 1) * Self.chunkSize)
        for row in 0..<rows.count { rows.appendBytea(row, 0, to: &bytes) }
        let start = min(range.lowerBound - first * Self.chunkSize, bytes.count)
        return Array(bytes[start..<min(start + range.count, bytes.count)])
    }

    public func remove(_ id: String) throws(MediaStoreError) -> Bool {
        try run { connection in
            try connection.execute("DELETE FROM restlite_media WHERE id = ? AND NOT set_aside", [.text(id)])
                .affected > 0
        }
    }

    public func setAside(_ id: String) throws(MediaStoreError) -> Bool {
        try run { connection in
            try connection.execute(
                "UPDATE restlite_media SET set_aside = true WHERE id = ? AND NOT set_aside", [.text(id)]
            ).affected > 0
        }
    }

    public func bringBack(_ id: String) throws(MediaStoreError) -> Bool {
        try run { connection in
            try connection.execute(
                "UPDATE restlite_media SET set_aside = false WHERE id = ? AND set_aside", [.text(id)]
            ).affected > 0
        }
    }
}

extension PostgresEngine {
    /// The media archive kept in this database (`PostgresMediaStorage`), shared by every
    /// process on it.
    public func mediaStorage() throws(MediaStoreError) -> PostgresMediaStorage {
        try PostgresMediaStorage(pool: pool)
    }
}

extension PostgresRows {
    /// Appends a `bytea` cell, which arrives in PostgreSQL's hex text form (`\x` and two hex
    /// digits a byte), as its bytes.
    func appendBytea(_ row: Int, _ column: Int, to bytes: inout [UInt8]) {
        let text = self.bytes(row, column)
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return }
        func nibble(_ digit: UInt8) -> UInt8 {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: digit &- UInt8(ascii: "A") &+ 10
            }
        }
        var index = 2
        while index + 1 < text.count {
            bytes.append(nibble(text[index]) << 4 | nibble(text[index + 1]))
            index += 2
        }
    }
}
