import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// Routes added with `spoolingBody: true`: a body that follows its head goes to an unlinked
/// temporary file as it arrives, is never whole in memory, is not counted against the
/// server-wide buffered-bytes cap, still obeys the body limit, and leaves nothing behind.
@Suite(.offPool) struct SpooledBodyTests {
    /// Answers `file|memory <size> <sum>` for both routes, so a test sees where the body was.
    static func startServer(configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws
        -> HTTPServer
    {
        let describe: @Sendable (HTTPRequest) throws -> HTTPResponse = { request in
            let bytes: [UInt8]
            if let file = request.bodyFile {
                #expect(request.body.isEmpty)
                bytes = try file.read(offset: 0, count: file.count)
            } else {
                bytes = request.body
            }
            let sum = bytes.reduce(UInt64(0)) { ($0 &* 31) &+ UInt64($1) }
            return .text(.ok, "\(request.bodyFile == nil ? "memory" : "file") \(bytes.count) \(sum)")
        }
        var router = Router()
        router.post("/up", spoolingBody: true, describe)
        router.post("/items/:id/up", spoolingBody: true, describe)
        router.post("/mem", describe)
        return try TestHTTPServer.start(router.freeze(), configure: configure)
    }

    static func payload(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
    }

    static func expected(_ place: String, _ bytes: [UInt8]) -> String {
        "\(place) \(bytes.count) \(bytes.reduce(UInt64(0)) { ($0 &* 31) &+ UInt64($1) })"
    }

    @Test func aLargeBodyGoesToAFileAndPassesTheBufferedCapThatRefusesItInMemory() throws {
        let server = try Self.startServer { $0.maxBufferedBytes = 256 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let body = Self.payload(4 * 1024 * 1024)
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 64 * 1024) {
            try client.send(Array(body[start..<min(body.count, start + 64 * 1024)]))
        }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyString == Self.expected("file", body))
        // The same connection goes on: the next request is parsed from a clean state.
        try client.send("POST /items/7/up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try client.readResponse().bodyString == Self.expected("memory", Array("hello".utf8)))

        // The route that keeps bodies in memory meets the cap.
        let memory = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        try memory.send("POST /mem HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 64 * 1024) {
            guard (try? memory.send(Array(body[start..<(start + 64 * 1024)]))) != nil else { break }
        }
        #expect(try memory.readResponse().status == 503)
    }

    @Test func aChunkedBodyIsSpooledAndItsSizeLimitStillCountsEveryByte() throws {
        let server = try Self.startServer { $0.limits.maxBodyBytes = 1024 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let body = Self.payload(700 * 1024)
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 50_000) {
            let piece = Array(body[start..<min(body.count, start + 50_000)])
            try client.send(Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8))
        }
        try client.send("0\r\n\r\n")
        #expect(try client.readResponse().bodyString == Self.expected("file", body))

        // 16 chunks of 100 KiB: past 1 MiB although no more than a few chunks are ever in memory.
        let large = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        try large.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("19000\r\n".utf8) + [UInt8](repeating: 0x61, count: 0x19000) + Array("\r\n".utf8)
        for _ in 0..<16 {
            guard (try? large.send(chunk)) != nil else { break }
        }
        let refused = try large.readResponse()
        #expect(refused.status == 413)
        #expect(refused.headers["Connection"] == "close")
    }

    @Test func aBodyThatArrivesWithItsHeadStaysInMemory() throws {
        let server = try Self.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try client.readResponse().bodyString == Self.expected("memory", Array("hello".utf8)))
    }

    @Test func aFolderThatCannotTakeTheFileIsA500AndTheConnectionCloses() throws {
        let server = try Self.startServer { $0.spoolDirectory = "/nonexistent/restlite-spool" }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nhel")
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(response.headers["Connection"] == "close")
    }

    @Test func aFileInTheSpoolFolderNeverAppearsAndADroppedUploadReleasesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Self.startServer { $0.spoolDirectory = folder.path }
        defer { server.shutdown(grace: .seconds(1)) }
        let before = Self.openDescriptors()
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\n")
        try client.send(Self.payload(300_000))
        // The server holds the upload's file open (unlinked: the folder stays empty).
        var during = before
        for _ in 0..<100 where !during.contains(where: { $0.contains(".restlite-body-") }) && !before.isEmpty
        {
            Thread.sleep(forTimeInterval: 0.02)
            during = Self.openDescriptors()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #if os(Linux)
            #expect(during.contains { $0.contains(".restlite-body-") })
        #endif
        client.close()
        // The dropped connection takes its file with it.
        var after = during
        for _ in 0..<100 where after.contains(where: { $0.contains(".restlite-body-") }) {
            Thread.sleep(forTimeInterval: 0.02)
            after = Self.openDescriptors()
        }
        #expect(!after.contains { $0.contains(".restlite-body-") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// What this process's descriptors point at. Linux names each in `/proc/self/fd` (an
    /// unlinked file as `path (deleted)`); elsewhere the list is empty and the test checks
    /// only that the folder stays empty.
    static func openDescriptors() -> [String] {
        #if os(Linux)
            let directory = "/proc/self/fd"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.map {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) ?? $0
            }
        #else
            return []
        #endif
    }
}
