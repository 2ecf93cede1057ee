import DocumentJSON
import DocumentStore
import Foundation
import MediaArchive
import Pictures
import RestDBAPI
import RestLiteTesting
import ServerAssembly
import SocketHTTP
import Testing

/// The /media routes: multipart uploads, files by id and by name, ETag/304, Range, metadata,
/// delete, thumbnails, keys and their scopes, media fields in schemas, and reset.
@Suite(.offPool) struct MediaRouteTests {
    static let boundary = "----restliteBoundary0123"

    static func form(_ files: [(name: String, type: String?, bytes: [UInt8])], field: String = "file")
        -> [UInt8]
    {
        var body: [UInt8] = []
        for file in files {
            var head =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(file.name)\"\r\n"
            if let type = file.type { head += "Content-Type: \(type)\r\n" }
            body += Array((head + "\r\n").utf8) + file.bytes + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }

    static let formType = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]

    /// Uploads and returns the ids.
    static func upload(_ api: TestAPI, _ files: [(name: String, type: String?, bytes: [UInt8])]) throws
        -> [String]
    {
        let response = api.request(.post, "/media", headers: formType, bytes: form(files))
        try #require(response.status == .created, "\(response.bodyString)")
        return try #require(try response.json()["ids"]?.arrayValue).compactMap(\.stringValue)
    }

    /// The names in the archive's folder; nil when the files are in the database (PostgreSQL).
    static func folderFiles(_ api: TestAPI) throws -> [String]? {
        try api.media.directory.map { try FileManager.default.contentsOfDirectory(atPath: $0).sorted() }
    }

    /// True when file `id` is gone for good: not in the archive, and not set aside either.
    static func isGoneForGood(_ api: TestAPI, _ id: String) throws -> Bool {
        try api.media.record(id) == nil && !(try api.media.storage.bringBack(id))
    }

    @Test func uploadsSeveralFilesAndServesEachByIdAndByName() throws {
        let api = try TestAPI()
        let response = api.request(
            .post, "/media", headers: Self.formType,
            bytes: Self.form([("a.txt", "text/plain", Array("alpha".utf8)), ("b.bin", nil, [0, 1, 2, 255])]))
        #expect(response.status == .created)
        let json = try response.json()
        #expect(json["msg"] == "OK")
        #expect(ObjectID.isValid(json["uploadid"]?.stringValue ?? ""))
        let ids = try #require(json["ids"]?.arrayValue).compactMap(\.stringValue)
        #expect(ids.count == 2)
        let first = api.request(.get, "/media/\(ids[0])", headers: ["x-apikey": ""])
        #expect(first.status == .ok)
        #expect(first.bodyString == "alpha")
        #expect(first.headers["Content-Type"] == "text/plain")
        #expect(first.headers["ETag"] == "\"\(ids[0])-5\"")
        #expect(first.headers["Cache-Control"] == "public, max-age=86400")
        let second = api.request(.get, "/media/b.bin")
        #expect(second.body == [0, 1, 2, 255])
        #expect(second.headers["Content-Type"] == "application/octet-stream")
        #expect(try api.media.storage.read(ids[1], range: 0..<4) == [0, 1, 2, 255])
        if let files = try Self.folderFiles(api) { #expect(files.contains(ids[1])) }
    }

    @Test func metaNeedsAKeyAndDescribesTheFile() throws {
        let api = try TestAPI()
        let id = try Self.upload(
            api, [("cat.png", "image/png", RasterImage(width: 4, height: 2).encoded(as: .png))])[0]
        #expect(api.request(.get, "/media/\(id)/meta", headers: ["x-apikey": ""]).status == .unauthorized)
        let meta = try api.request(.get, "/media/\(id)/meta").json()
        #expect(meta["_id"]?.stringValue == id)
        #expect(meta["origname"] == "cat.png")
        #expect(meta["mimetype"] == "image/png")
        #expect(meta["size"]?.numberValue?.int64Value ?? 0 > 0)
        #expect(meta["_created"]?.stringValue.flatMap(ISODate.normalize) != nil)
        let list = try api.request(.get, "/media").json()
        #expect(list.arrayValue?.count == 1)
    }

    @Test func ifNoneMatchAnswers304AndRangesAnswer206Or416() throws {
        let api = try TestAPI()
        let id = try Self.upload(api, [("digits.txt", "text/plain", Array("0123456789".utf8))])[0]
        let etag = try #require(api.request(.get, "/media/\(id)").headers["ETag"])
        let cached = api.request(.get, "/media/\(id)", headers: ["If-None-Match": "\"other\", W/\(etag)"])
        #expect(cached.status == .notModified)
        #expect(cached.body.isEmpty)
        #expect(cached.headers["ETag"] == etag)
        let cases: [(String, HTTPStatus, String, String?)] = [
            ("bytes=2-4", .partialContent, "234", "bytes 2-4/10"),
            ("bytes=7-", .partialContent, "789", "bytes 7-9/10"),
            ("bytes=-3", .partialContent, "789", "bytes 7-9/10"),
            ("bytes=5-100", .partialContent, "56789", "bytes 5-9/10"),
            ("bytes=0-1,4-5", .ok, "0123456789", nil),
            ("bytes=4-2", .ok, "0123456789", nil),
            ("items=1-2", .ok, "0123456789", nil),
        ]
        for (range, status, body, contentRange) in cases {
            let response = api.request(.get, "/media/\(id)", headers: ["Range": range])
            #expect(response.status == status, "\(range)")
            #expect(response.bodyString == body, "\(range)")
            #expect(response.headers["Content-Range"] == contentRange, "\(range)")
        }
        let outside = api.request(.get, "/media/\(id)", headers: ["Range": "bytes=10-"])
        #expect(outside.status == .rangeNotSatisfiable)
        #expect(outside.headers["Content-Range"] == "bytes */10")
        #expect(try outside.json()["name"] == "RangeNotSatisfiable")
        let stale = api.request(.get, "/media/\(id)", headers: ["Range": "bytes=0-0", "If-Range": "\"old\""])
        #expect(stale.status == .ok)
    }

    @Test func deleteRemovesTheFileAndNeedsAKey() throws {
        let api = try TestAPI()
        let id = try Self.upload(api, [("x.txt", nil, Array("x".utf8))])[0]
        #expect(api.request(.delete, "/media/\(id)", headers: ["x-apikey": ""]).status == .unauthorized)
        let deleted = api.request(.delete, "/media/\(id)")
        #expect(deleted.status == .ok)
        #expect(try deleted.json()["result"] == [.string(id)])
        #expect(api.request(.get, "/media/\(id)").status == .notFound)
        #expect(try Self.isGoneForGood(api, id))
        if let files = try Self.folderFiles(api) { #expect(!files.contains(id)) }
    }

    @Test func badUploadsAre400WithAJSONError() throws {
        let api = try TestAPI()
        let bodies: [([String: String], [UInt8])] = [
            (["Content-Type": "application/json"], Array("{}".utf8)),
            (["Content-Type": "multipart/form-data"], Self.form([("a", nil, [1])])),
            (
                Self.formType,
                Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nopen".utf8)
            ),
            (
                Self.formType,
                Array(
                    "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nv\r\n--\(Self.boundary)--"
                        .utf8)
            ),
            (Self.formType, Self.form([("bad\u{01}name", nil, [1])])),
        ]
        for (headers, body) in bodies {
            let response = api.request(.post, "/media", headers: headers, bytes: body)
            #expect(response.status == .badRequest, "\(String(decoding: body.prefix(60), as: UTF8.self))")
            #expect(try response.json()["message"]?.stringValue?.isEmpty == false)
        }
        #expect(try api.media.all().isEmpty)
        #expect(
            api.request(
                .post, "/media", headers: ["x-apikey": ""].merging(Self.formType) { $1 },
                bytes: Self.form([("a", nil, [1])])
            ).status == .unauthorized)
    }

    @Test func namesCannotReachOutsideTheArchive() throws {
        let api = try TestAPI()
        let id = try Self.upload(api, [("../../../escape.txt", nil, Array("x".utf8))])[0]
        #expect(try api.request(.get, "/media/\(id)/meta").json()["origname"] == "../../../escape.txt")
        #expect(
            !FileManager.default.fileExists(
                atPath: api.folder.url.deletingLastPathComponent().path + "/escape.txt"))
        for target in [
            "/media/..%2F..%2Frestlite.sqlite", "/media/..%2Fkeys.json", "/media/%2E%2E", "/media/.tmp-x",
        ] {
            #expect(api.request(.get, target).status == .notFound, "\(target)")
        }
        // An encoded name is only looked up among the uploads' names: the upload itself.
        #expect(api.request(.get, "/media/..%2F..%2F..%2Fescape.txt").bodyString == "x")
        #expect(api.request(.get, "/media/../../../escape.txt").status == .notFound)
    }

    @Test func scopedKeysNeedAScopeCoveringMedia() throws {
        let api = try TestAPI()
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "catsonly0000000000000001", methods: ["GET", "POST"],
            path: "/a3cats/**")
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "mediakey0000000000000001", methods: ["GET", "POST"],
            path: "/_media/**")
        let body = Self.form([("a.txt", nil, [1])])
        let catsOnly = ["x-apikey": "catsonly0000000000000001"].merging(Self.formType) { $1 }
        #expect(api.request(.post, "/media", headers: catsOnly, bytes: body).status == .forbidden)
        let mediaKey = ["x-apikey": "mediakey0000000000000001"].merging(Self.formType) { $1 }
        let created = api.request(.post, "/media", headers: mediaKey, bytes: body)
        #expect(created.status == .created)
        let id = try #require(try created.json()["ids"]?.arrayValue?.first?.stringValue)
        #expect(
            api.request(.get, "/media/\(id)/meta", headers: ["x-apikey": "catsonly0000000000000001"]).status
                == .forbidden)
        #expect(
            api.request(.get, "/media/\(id)/meta", headers: ["x-apikey": "mediakey0000000000000001"]).status
                == .ok)
        #expect(
            api.request(.delete, "/media/\(id)", headers: ["x-apikey": "mediakey0000000000000001"]).status
                == .forbidden)
        #expect(
            api.request(.get, "/media/\(id)", headers: ["x-apikey": "catsonly0000000000000001"]).status == .ok
        )
    }

    @Test func thumbnailsKeepTheAspectAndTheFormatFamily() throws {
        let api = try TestAPI()
        // Just past the 640-wide size, so both sizes scale down (debug-built coders are slow).
        var picture = RasterImage(width: 800, height: 400, fill: RGB(200, 40, 40))
        for y in 0..<400 { for x in 0..<400 { picture[x, y] = RGB(20, 40, 200) } }
        let ids = try Self.upload(
            api,
            [
                ("wide.png", "image/png", picture.encoded(as: .png)),
                ("wide.jpg", "image/jpeg", picture.encoded(as: .jpeg)),
                ("wide.gif", "image/gif", picture.encoded(as: .gif)),
                ("small.png", nil, RasterImage(width: 60, height: 90).encoded(as: .png)),
            ])
        let expectations: [(Int, String, String, Int, Int)] = [
            (0, "t", "image/png", 128, 64), (0, "w", "image/png", 640, 320), (1, "t", "image/jpeg", 128, 64),
            (1, "w", "image/jpeg", 640, 320), (2, "t", "image/png", 128, 64), (3, "t", "image/png", 60, 90),
        ]
        for (index, size, type, width, height) in expectations {
            let response = api.request(.get, "/media/\(ids[index])?s=\(size)", headers: ["x-apikey": ""])
            #expect(response.status == .ok, "\(index) \(size): \(response.bodyString.prefix(200))")
            #expect(response.headers["Content-Type"] == type)
            #expect(response.headers["ETag"] == "\"\(ids[index])-\(size)\"")
            let decoded = try ImageDecoder.decode(response.body)
            #expect(decoded.width == width && decoded.height == height, "\(index) \(size)")
            let left = decoded[width / 4, height / 2]
            if index < 3 { #expect(left.b > 150 && left.r < 80, "\(index) \(size): \(left)") }
            let again = api.request(
                .get, "/media/\(ids[index])?s=\(size)",
                headers: ["If-None-Match": response.headers["ETag"] ?? ""])
            #expect(again.status == .notModified)
        }
        #expect(api.request(.get, "/media/\(ids[0])?s=huge").status == .badRequest)
    }

    @Test func progressiveJPEGsAndLowDepthPNGsHaveThumbnails() throws {
        // 48×24, the left half blue and the right half red, as Pillow wrote them: a progressive
        // JPEG and a 1-bit palette PNG.
        let jpeg =
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+"
            + "JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7"
            + "Ozv/wgARCAAYADADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQF/8QAFgEBAQEAAAAAAAAAAAAAAAAABQYE/9oADAMBAAIQ"
            + "AxAAAAHAFDmXwXkqASrAKyWXhKgEq//EABQQAQAAAAAAAAAAAAAAAAAAAED/2gAIAQEAAQUCF//EABcRAAMBAAAAAAAAAAAAAAAAAAUQ"
            + "QgD/2gAIAQMBAT8Bw6mOpf/EABgRAAMBAQAAAAAAAAAAAAAAAAUQQoEA/9oACAECAQE/AeJTrJTq/8QAFBABAAAAAAAAAAAAAAAAAAAA"
            + "QP/aAAgBAQAGPwIX/8QAFBABAAAAAAAAAAAAAAAAAAAAQP/aAAgBAQABPyEX/9oADAMBAAIAAwAAABDykDyED//EABYRAQEBAAAAAAAA"
            + "AAAAAAAAAMEQAP/aAAgBAwEBPxDC0Wf/xAAXEQADAQAAAAAAAAAAAAAAAAAQgfAA/9oACAECAQE/ENJGSH//xAAUEAEAAAAAAAAAAAAA"
            + "AAAAAABA/9oACAEBAAE/EBf/2Q=="
        let png =
            "iVBORw0KGgoAAAANSUhEUgAAADAAAAAYAQMAAACGM+yfAAAABlBMVEXIKCgUKMgfJimGAAAAFklEQVR4nGP8z8DAyMDAxMDAwDCYKQC3"
            + "ZQEw/URGCgAAAABJRU5ErkJggg=="
        let api = try TestAPI()
        let files = try [("p.jpg", "image/jpeg", jpeg), ("p.png", "image/png", png)].map { name, type, text in
            (name: name, type: type as String?, bytes: [UInt8](try #require(Data(base64Encoded: text))))
        }
        let ids = try Self.upload(api, files)
        for (index, type) in [(0, "image/jpeg"), (1, "image/png")] {
            let response = api.request(.get, "/media/\(ids[index])?s=t", headers: ["x-apikey": ""])
            #expect(response.status == .ok, "\(type): \(response.bodyString.prefix(200))")
            #expect(response.headers["Content-Type"] == type)
            let decoded = try ImageDecoder.decode(response.body)
            #expect(decoded.width == 48 && decoded.height == 24)
            let (left, right) = (decoded[8, 12], decoded[40, 12])
            #expect(left.b > 150 && left.r < 80 && right.r > 150 && right.b < 80, "\(type): \(left) \(right)")
        }
    }

    @Test func aFileThatIsNotThePictureItClaimsHasNoThumbnail() throws {
        let api = try TestAPI()
        let id = try Self.upload(api, [("fake.png", "image/png", Array("<html>not a png</html>".utf8))])[0]
        let original = api.request(.get, "/media/\(id)")
        #expect(original.status == .ok)
        let thumbnail = api.request(.get, "/media/\(id)?s=t")
        #expect(thumbnail.status == .badRequest)
        #expect(try thumbnail.json()["message"]?.stringValue?.contains("not a JPEG, PNG or GIF") == true)
    }

    @Test func mediaFieldsHoldArraysOfIds() throws {
        let api = try TestAPI()
        let schema =
            #"{"fields":[{"name":"name","type":"text"},{"name":"photo","type":"image"},{"name":"docs","type":"file"}]}"#
        #expect(api.request(.put, "/rest/pets/_meta", body: schema).status == .ok)
        let id = try Self.upload(api, [("p.txt", nil, [1])])[0]
        let created = api.request(
            .post, "/rest/pets", body: #"{"name":"Tom","photo":["\#(id)"],"docs":"\#(id)"}"#)
        #expect(created.status == .created, "\(created.bodyString)")
        #expect(try created.json()["photo"] == [.string(id)])
        #expect(try created.json()["docs"] == [.string(id)])
        let refused = api.request(.post, "/rest/pets", body: #"{"name":"Tom","photo":7}"#)
        #expect(refused.status == .badRequest)
        #expect(refused.bodyString.contains("media ids"))
    }

    @Test func idtolinkAnswersTheMediaIdsAsURLsAndLeavesTheStoredIds() throws {
        // `serve --allowed-host`: the links name the address other machines reach.
        let api = try TestAPI { $0.allowedHosts = ["192.168.1.5"] }
        let schema =
            #"{"fields":[{"name":"name","type":"text"},{"name":"photo","type":"image"},{"name":"docs","type":"file"}]}"#
        #expect(api.request(.put, "/rest/pets/_meta", body: schema).status == .ok)
        let ids = try Self.upload(api, [("p.txt", nil, [1]), ("q.txt", nil, [2])])
        let created = api.request(
            .post, "/rest/pets", body: #"{"name":"Tom","photo":["\#(ids[0])","\#(ids[1])"],"docs":[]}"#)
        let id = try #require(try created.json()["_id"]?.stringValue)
        let host = ["Host": "192.168.1.5:8080"]
        let list = try api.request(.get, "/rest/pets?idtolink=true", headers: host).json()
        let urls = ids.map { JSONValue.string("http://192.168.1.5:8080/media/\($0)") }
        #expect(list.arrayValue?.first?["photo"] == .array(urls))
        #expect(list.arrayValue?.first?["docs"] == [])
        #expect(list.arrayValue?.first?["name"] == "Tom")
        let one = try api.request(.get, "/rest/pets/\(id)?idtolink=true&metafields=true", headers: host)
            .json()
        #expect(one["photo"] == .array(urls))
        #expect(one["_version"] != nil)
        // Wrapped in totals, too; and without the parameter the ids stay ids.
        let wrapped = try api.request(.get, "/rest/pets?idtolink=1&totals=true", headers: host).json()
        #expect(wrapped["data"]?.arrayValue?.first?["photo"] == .array(urls))
        #expect(
            try api.request(.get, "/rest/pets").json().arrayValue?.first?["photo"]
                == .array(ids.map { .string($0) }))
        // The link opens the file.
        #expect(api.request(.get, "/media/\(ids[1])").body == [2])
    }

    @Test func adminResetRemovesUploadsMadeSinceStart() throws {
        let api = try TestAPI()
        let id = try Self.upload(api, [("new.txt", nil, [1])])[0]
        let reset = api.request(.post, "/_restlite/reset")
        #expect(reset.status == .ok)
        #expect(try reset.json()["media"] == 0)
        #expect(api.request(.get, "/media/\(id)").status == .notFound)
        #expect(try Self.isGoneForGood(api, id))
        if let files = try Self.folderFiles(api) { #expect(files.isEmpty) }
    }

    @Test func aSnapshotKeepsTheMediaFilesAndItsRestoreBringsThemBack() throws {
        let api = try TestAPI()
        let kept = try Self.upload(api, [("kept.txt", nil, Array("kept".utf8))])[0]
        let gone = try Self.upload(api, [("gone.txt", nil, Array("gone".utf8))])[0]
        #expect(api.request(.post, "/_restlite/snapshots/before").status == .created)
        #expect(api.request(.delete, "/media/\(kept)").status == .ok)
        #expect(api.request(.delete, "/media/\(gone)").status == .ok)
        let later = try Self.upload(api, [("later.txt", nil, Array("later".utf8))])[0]
        #expect(api.request(.get, "/media/\(kept)").status == .notFound)

        let restored = api.request(.post, "/_restlite/snapshots/before/restore")
        #expect(restored.status == .ok, "\(restored.bodyString)")
        #expect(try restored.json()["media"] == 2)
        #expect(api.request(.get, "/media/\(kept)").bodyString == "kept")
        #expect(api.request(.get, "/media/\(gone)").bodyString == "gone")
        #expect(api.request(.get, "/media/\(later)").status == .notFound)
        #expect(try Self.isGoneForGood(api, later))
        if let files = try Self.folderFiles(api) {
            #expect(!files.contains { $0.hasPrefix(later) })
            #expect(files.contains(kept) && files.contains(gone))
        }

        // A reset still goes back to the start (no files), whatever the snapshots hold; the
        // snapshot can bring its files back after that too.
        #expect(try api.request(.post, "/_restlite/reset").json()["media"] == 0)
        #expect(api.request(.get, "/media/\(kept)").status == .notFound)
        #expect(try api.request(.post, "/_restlite/snapshots/before/restore").json()["media"] == 2)
        #expect(api.request(.get, "/media/\(gone)").bodyString == "gone")
    }

    @Test func uploadsCrossARealSocketInOddlySplitWrites() throws {
        let api = try TestAPI()
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(2)) }
        let content = (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let body = Self.form([("one.bin", nil, content), ("two.txt", "text/plain", Array("two".utf8))])
        let head =
            "POST /media HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
            + "Content-Type: multipart/form-data; boundary=\(Self.boundary)\r\nContent-Length: \(body.count)\r\n\r\n"
        let request = Array(head.utf8) + body
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        // Pieces of 1, 2, 3, ... bytes, so boundaries fall across writes at many offsets.
        var start = 0
        var size = 1
        while start < request.count {
            let end = min(request.count, start + size)
            try client.send(Array(request[start..<end]))
            start = end
            size = size % 97 + 1
        }
        let response = try client.readResponse()
        #expect(response.status == 201, "\(response.bodyString)")
        let ids = try #require(try JSON.parse(response.body)["ids"]?.arrayValue).compactMap(\.stringValue)
        #expect(ids.count == 2)
        try client.send("GET /media/\(ids[0]) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let file = try client.readResponse()
        #expect(file.status == 200)
        #expect(file.body == content)
    }

    /// Sends `body` after its head in 64 KiB writes and reads the answer.
    static func sendInPieces(_ body: [UInt8], to port: Int) throws -> RawHTTPResponse {
        let head =
            "POST /media HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
            + "Content-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(body.count)\r\n\r\n"
        let client = try RawHTTPClient(port: port, timeout: .seconds(20))
        defer { client.close() }
        try client.send(head)
        for start in stride(from: 0, to: body.count, by: 64 * 1024) {
            try client.send(Array(body[start..<min(body.count, start + 64 * 1024)]))
        }
        return try client.readResponse()
    }

    @Test func aLargeUploadStreamsToDiskPastTheBufferedCapAndABrokenOneLeavesNothing() throws {
        let api = try TestAPI()
        let server = try api.startServer {
            $0.maxBufferedBytes = 512 * 1024
            $0.limits.maxBodyBytes = 32 * 1024 * 1024
            $0.spoolDirectory = api.media.directory ?? api.folder.url.path
        }
        defer { server.shutdown(grace: .seconds(2)) }
        // Four times the buffered cap shows the streaming as well as twelve times did; random
        // bytes (eight from each draw) so no boundary hides in them.
        var generator = SystemRandomNumberGenerator()
        let big = [UInt8](unsafeUninitializedCapacity: 2 * 1024 * 1024) { buffer, count in
            UnsafeMutableRawBufferPointer(buffer).withMemoryRebound(to: UInt64.self) { words in
                for index in words.indices { words[index] = generator.next() }
            }
            count = buffer.count
        }
        let body = Self.form([("big.bin", nil, big), ("small.txt", "text/plain", Array("small".utf8))])
        let response = try Self.sendInPieces(body, to: server.port)
        #expect(response.status == 201, "\(response.bodyString)")
        let ids = try #require(try JSON.parse(response.body)["ids"]?.arrayValue).compactMap(\.stringValue)
        #expect(ids.count == 2)
        let stored = try #require(try api.media.record(ids[0]))
        #expect(try api.media.contents(of: stored) == big)
        #expect(
            try api.media.contents(of: stored, range: 1_048_570..<1_048_590)
                == Array(big[1_048_570..<1_048_590]))
        let meta = try api.request(.get, "/media/\(ids[0])/meta").json()
        #expect(meta["size"]?.numberValue?.int64Value == Int64(big.count))
        let before = try Self.folderFiles(api)
        #expect(before == nil || before?.count == 4)

        // A body on disk whose closing boundary never comes: 400, and no file of it anywhere.
        var broken = Self.form([("first.bin", nil, Array(big[0..<1_000_000])), ("second.bin", nil, [1, 2])])
        broken.removeLast(Array("--\(Self.boundary)--\r\n".utf8).count + 2)
        let refused = try Self.sendInPieces(broken, to: server.port)
        #expect(refused.status == 400)
        #expect(refused.bodyString.contains("closing boundary"))
        #expect(try Self.folderFiles(api) == before)
        #expect(api.request(.get, "/media").bodyString.components(separatedBy: "\"_id\"").count == 3)
    }
}

/// Names with control characters in an upload: refused (400) on either engine, with nothing
/// stored; a part type that is not printable ASCII is not kept (it is served back as a header).
@Suite struct MediaNameTests {
    private func send(_ api: TestAPI, _ head: String) -> HTTPResponse {
        let boundary = MediaRouteTests.boundary
        let body = Array("--\(boundary)\r\n\(head)\r\n\r\nhello\r\n--\(boundary)--\r\n".utf8)
        return api.request(.post, "/media", headers: MediaRouteTests.formType, bytes: body)
    }

    @Test func controlCharactersInAFieldOrFileNameAreRefusedAndATypeWithThemIsNotKept() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let field = send(api, "Content-Disposition: form-data; name=\"fi\u{0}le\"; filename=\"a.txt\"")
        #expect(field.status == .badRequest, "\(field.bodyString)")
        #expect(field.bodyString.contains("form field name"))
        let file = send(api, "Content-Disposition: form-data; name=\"file\"; filename=\"a\u{1}.txt\"")
        #expect(file.status == .badRequest)
        #expect(file.bodyString.contains("file name"))
        #expect(try api.media.all().isEmpty)

        let typed = send(
            api,
            "Content-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/pl\u{0}ain"
        )
        #expect(typed.status == .created, "\(typed.bodyString)")
        let id = try #require(try typed.json()["ids"]?.arrayValue?.first?.stringValue)
        let stored = try #require(try api.media.record(id))
        #expect(stored.mimeType == "application/octet-stream")
        #expect(
            api.request(.get, "/media/\(stored.id)").headers["Content-Type"] == "application/octet-stream")
    }
}
