import DocumentJSON
import Foundation
import MediaArchive
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// The media archive on PostgreSQL is in the database: two restlite servers on one database
/// (each with its own engine, pool and data folder, as two processes) see the same files.
@Suite(.offPool) struct SharedMediaTests {
    @Test func aFileUploadedOnOneServerIsListedDownloadedAndDeletedOnTheOther() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let second = try TestAPI(sharing: url)
        #expect(first.media.directory == nil && second.media.directory == nil)
        // Past one stored piece (1 MiB), so a download joins pieces and a range crosses them.
        let big = (0..<(2_500_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let ids = try MediaRouteTests.upload(
            first, [("big.bin", nil, big), ("note.txt", "text/plain", Array("hello".utf8))])

        let listed = try second.request(.get, "/media").json().arrayValue ?? []
        #expect(listed.compactMap { $0["_id"]?.stringValue } == ids)
        #expect(listed.first?["size"] == .number(JSONNumber(big.count)))
        #expect(second.request(.get, "/media/\(ids[0])").body == big)
        let range = second.request(.get, "/media/\(ids[0])", headers: ["Range": "bytes=1048570-1048589"])
        #expect(range.status == .partialContent)
        #expect(range.body == Array(big[1_048_570...1_048_589]))
        #expect(second.request(.get, "/media/note.txt").bodyString == "hello")

        // Over a real socket too.
        let server = try second.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        defer { client.close() }
        try client.send("GET /media/\(ids[1]) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200 && response.bodyString == "hello")

        #expect(second.request(.delete, "/media/\(ids[1])").status == .ok)
        #expect(first.request(.get, "/media/\(ids[1])").status == .notFound)
        #expect(try first.media.all().map(\.id) == [ids[0]])
    }

    @Test func aResetOnOneServerTakesBackTheUploadsMadeSinceItStarted() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let kept = try MediaRouteTests.upload(first, [("kept.txt", nil, Array("kept".utf8))])[0]
        // The second server starts with the file there: a reset brings it back after a delete.
        let second = try TestAPI(sharing: url)
        let added = try MediaRouteTests.upload(first, [("new.txt", nil, Array("new".utf8))])[0]
        #expect(second.request(.delete, "/media/\(kept)").status == .ok)
        #expect(first.request(.get, "/media/\(kept)").status == .notFound)
        let reset = second.request(.post, "/_restlite/reset")
        #expect(reset.status == .ok, "\(reset.bodyString)")
        #expect(try reset.json()["media"] == 1)
        #expect(first.request(.get, "/media/\(kept)").bodyString == "kept")
        #expect(first.request(.get, "/media/\(added)").status == .notFound)
    }
}
