import MediaArchive
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The media archive's storage in PostgreSQL: uploads all or nothing, files in 1 MiB pieces
/// read back by range, files set aside and brought back, and set-aside files dropped at open.
@Suite(.offPool) struct PostgresMediaStorageTests {
    /// A source that fails past `failAfter` bytes (a spooled body cut short).
    struct FailingSource: MediaByteSource {
        let count: Int
        let failAfter: Int
        func bytes(in range: Range<Int>) throws(MediaStoreError) -> ArraySlice<UInt8> {
            if range.upperBound > failAfter { throw .io("read", path: "body", errno: 5) }
            return Array(repeating: 7, count: range.count)[...]
        }
    }

    @Test func anUploadIsAllOrNothingAndRangesCrossPieces() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        let media = try MediaStore(storage: engine.mediaStorage())
        let good = MediaStore.Upload(
            fieldName: "file", filename: "a.txt", declaredType: "text/plain", bytes: Array("alpha".utf8)[...])
        let broken = MediaStore.Upload(
            fieldName: "file", filename: "b.bin", declaredType: nil,
            source: FailingSource(count: 3_000_000, failAfter: 2_000_000), range: 0..<3_000_000)
        #expect(throws: MediaStoreError.self) { try media.add([good, broken]) }
        #expect(try media.all().isEmpty)
        let rows = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
            .execute("SELECT count(*) FROM restlite_media_chunks")
        #expect(rows.int64(0, 0) == 0)

        let big = (0..<2_200_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 10) }
        let record = try media.add([
            .init(fieldName: "file", filename: "big.bin", declaredType: nil, bytes: big[...])
        ])[0]
        #expect(try media.contents(of: record) == big)
        for range in [0..<1, 1_048_575..<1_048_577, 2_097_100..<2_200_000, 5..<2_100_000] {
            #expect(try media.contents(of: record, range: range) == Array(big[range]), "\(range)")
        }
        #expect(try media.record("big.bin") == record)
    }

    @Test func setAsideFilesComeBackAndAreDroppedWhenAStorageOpens() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        let storage = try engine.mediaStorage()
        let media = try MediaStore(storage: storage)
        let record = try media.add([
            .init(fieldName: "file", filename: "a.txt", declaredType: nil, bytes: Array("a".utf8)[...])
        ])[0]
        #expect(try storage.setAside(record.id))
        #expect(try media.all().isEmpty && media.record(record.id) == nil)
        #expect(try storage.bringBack(record.id))
        #expect(try media.contents(of: record) == Array("a".utf8))
        #expect(try storage.setAside(record.id))
        _ = try engine.mediaStorage()  // another process starting
        #expect(try !storage.bringBack(record.id))
        #expect(try !storage.remove(record.id))
    }
}
