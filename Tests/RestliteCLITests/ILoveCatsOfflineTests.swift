import Foundation
import Pictures
import RestLiteTesting
import SocketHTTP
import Testing

/// The ILoveCats course app against one `restlite serve` and nothing else: the list, every
/// photo, "update photo" through the TheCatAPI stand-in, the detail scene's breed facts. Real
/// server processes on port 0; each is stopped by its PID.
@Suite(.offPool) struct ILoveCatsOfflineTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-ilovecats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func request(
        _ method: String, _ url: String, port: Int, key: String? = nil, body: String? = nil
    ) throws -> RawHTTPResponse {
        let path = url.hasPrefix("http://") ? String(url.dropFirst(7).drop(while: { $0 != "/" })) : url
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let key { head += "x-apikey: \(key)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let client = try RawHTTPClient(port: port, timeout: .seconds(60))
        try client.send(head + "\r\n" + (body ?? ""))
        return try client.readResponse()
    }

    private func json(_ response: RawHTTPResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body))
    }

    /// Loads a photo URL and checks the answer is an image of the type its name says, whose
    /// header states `size` (when given).
    private func expectPicture(_ url: String, port: Int, format: ImageFormat, size: (Int, Int)?) throws {
        let photo = try request("GET", url, port: port)
        #expect(photo.status == 200, "\(url)")
        #expect(photo.headers["Content-Type"] == format.mimeType, "\(url)")
        let stated = HeaderSize.of(photo.body, format: format)
        #expect(stated != nil, "\(url): not a \(format.rawValue) file")
        if let size, let stated { #expect(stated == size, "\(url)") }
    }

    /// `122x217.bmp` → BMP 122×217; dummyimage's default type is GIF.
    private static func dummyImageShape(_ url: String) -> (ImageFormat, (Int, Int))? {
        guard let range = url.range(of: "/dummyimage/") else { return nil }
        let segment = url[range.upperBound...].prefix(while: { $0 != "/" })
        let parts = segment.split(separator: ".", maxSplits: 1)
        let sides = parts[0].split(separator: "x").compactMap { Int($0) }
        let format = parts.count > 1 ? ImageFormat(fileExtension: String(parts[1])) : .gif
        guard let format, sides.count == 2 else { return nil }
        return (format, (sides[0], sides[1]))
    }

    @Test func theWholeAppRunsAgainstOneLocalServer() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--local-images", "--quiet"],
            in: folder)
        defer { _ = server.terminate() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(server.banner.contains("stand-ins: \(base)/thecatapi/v1  /placekitten  /dummyimage"))
        #expect(server.banner.contains("photo URLs on \(base)"))

        // The list scene: every cat, every photo from this server.
        let list = try request("GET", "/rest/a3cats", port: server.port, key: server.key)
        #expect(list.status == 200)
        let cats = try #require(try json(list) as? [[String: Any]])
        #expect(cats.count == 100)
        for cat in cats {
            let url = try #require(cat["photoUrl"] as? String)
            #expect(url.hasPrefix(base + "/dummyimage/"), "\(url)")
            let (format, size) = try #require(Self.dummyImageShape(url), "\(url)")
            try expectPicture(url, port: server.port, format: format, size: size)
        }

        // "Update photo" on three cats of different breeds, then the detail scene.
        var breedsSeen = Set<String>()
        for cat in cats {
            guard let breedId = cat["breedId"] as? String, breedsSeen.insert(breedId).inserted else {
                continue
            }
            if breedsSeen.count > 3 { break }
            let id = try #require(cat["_id"] as? String)
            let search = try request(
                "GET", "/thecatapi/v1/images/search?breed_ids=\(breedId)", port: server.port)
            #expect(search.status == 200)
            #expect(search.headers["Access-Control-Allow-Origin"] == "*")
            let found = try #require(try json(search) as? [[String: Any]])
            #expect(found.count == 1)
            let image = try #require(found.first)
            let url = try #require(image["url"] as? String)
            #expect(url.hasPrefix(base + "/thecatapi/images/"))

            let put = try request(
                "PUT", "/rest/a3cats/\(id)", port: server.port, key: server.key,
                body: #"{"photoUrl":"\#(url)"}"#)
            #expect(put.status == 200)
            let edited = try #require(
                try json(try request("GET", "/rest/a3cats/\(id)", port: server.port, key: server.key))
                    as? [String: Any])
            #expect(edited["photoUrl"] as? String == url)
            let fileExtension = String(url.split(separator: ".").last ?? "")
            let format = try #require(ImageFormat(fileExtension: fileExtension))
            let width = try #require(image["width"] as? Int)
            let height = try #require(image["height"] as? Int)
            try expectPicture(url, port: server.port, format: format, size: (width, height))

            let breeds = try #require(image["breeds"] as? [[String: Any]])
            let breed = try #require(breeds.first)
            #expect(breed["id"] as? String == breedId)
            for field in ["name", "description", "temperament"] {
                #expect((breed[field] as? String)?.isEmpty == false, "\(breedId) \(field)")
            }
        }
        #expect(breedsSeen.count > 3)
        #expect(server.terminate() == 0)
    }

    /// A folder seeded without `--local-images` keeps its dummyimage.com URLs when a later
    /// start has the flag: the banner says so and names `restlite photos local`, which points
    /// them at the stand-ins (through the running server), and `photos remote` puts them back
    /// (on the database itself when no server runs).
    @Test func anExistingFolderSaysItKeepsItsURLsAndPhotosSwitchesThem() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--quiet"], in: folder)
        #expect(first.terminate() == 0)
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--quiet", "--local-images"],
            in: folder)
        #expect(
            server.banner.contains("--local-images changes only a new folder's first seed"),
            "\(server.banner)")
        #expect(server.banner.contains("restlite photos local --data-dir d"), "\(server.banner)")
        func photos() throws -> [String] {
            let list = try request("GET", "/rest/a3cats?max=1000", port: server.port, key: server.key)
            return (try json(list) as? [[String: Any]] ?? []).compactMap { $0["photoUrl"] as? String }
        }
        let before = try photos()
        #expect(before.count == 100 && before.allSatisfy { $0.hasPrefix("http://dummyimage.com/") })

        let local = try binary.run(["photos", "local", "--data-dir", "d"], in: folder)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(
            String(decoding: local.stdout, as: UTF8.self)
                == "Pointed 100 photo URLs in 100 documents at the stand-ins at http://127.0.0.1:\(server.port).\n"
        )
        let after = try photos()
        #expect(
            after.allSatisfy { $0.hasPrefix("http://127.0.0.1:\(server.port)/dummyimage/") },
            "\(after.prefix(2))")
        if let shape = after.first.flatMap(Self.dummyImageShape) {
            try expectPicture(after[0], port: server.port, format: shape.0, size: shape.1)
        }
        #expect(server.terminate() == 0)

        let remote = try binary.run(["photos", "remote", "--data-dir", "d"], in: folder)
        #expect(remote.status == 0, "\(remote.stderr)")
        let exported = try binary.run(["export", "--collection", "a3cats", "--data-dir", "d"], in: folder)
        let rows = try JSONSerialization.jsonObject(with: exported.stdout) as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["photoUrl"] as? String } == before)
    }

    /// docs/ILOVECATS.md's steps for a submission of one's own, run against that submission's
    /// request code (`CourseSubmission`: collection `a-3-cats`, three restdb URLs, two TheCatAPI
    /// URLs, photos only from `https://`): the data goes into `a-3-cats`, and after the page's
    /// edits the list, add, edit and detail requests work and every photo loads.
    @Test func aSubmissionOfOnesOwnFollowsThePageSteps() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--local-images", "--quiet"],
            in: folder)
        let base = "http://127.0.0.1:\(server.port)"
        let original = CourseSubmission()
        // The page's step 1 for a collection of another name: copy the seed into it.
        let collection = CourseSubmission.collection(of: original.listURL)
        #expect(collection == "a-3-cats")
        let export = try binary.run(
            ["export", "--collection", "a3cats", "-o", "a3cats.json", "--data-dir", "d"], in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        let copy = try binary.run(
            ["import", "a3cats.json", "--collection", collection, "--url", base, "--apikey", server.key],
            in: folder)
        #expect(copy.status == 0, "\(copy.stderr)")

        let app = original.pointed(at: base)
        #expect([app.listURL, app.addURL, app.editURL].allSatisfy { $0 == "\(base)/rest/a-3-cats" })
        let list = try request("GET", app.listURL, port: server.port, key: server.key)
        #expect(list.status == 200)
        let cats = try CourseApp.decoder.decode([Cat].self, from: Data(list.body))
        #expect(cats.count == 100)
        // Unchanged, the app would show no photo at all: every stand-in URL is http://.
        #expect(!cats.contains { original.loadsPhoto($0.photoUrl) })
        #expect(cats.allSatisfy { app.loadsPhoto($0.photoUrl) })
        for cat in cats.prefix(3) {
            let shape = try #require(Self.dummyImageShape(cat.photoUrl), "\(cat.photoUrl)")
            try expectPicture(cat.photoUrl, port: server.port, format: shape.0, size: shape.1)
        }

        // Add: a new cat with the PlaceKitten stand-in's photo.
        var felix = Cat.felix
        felix.photoUrl = app.newCatPhoto
        let added = try request(
            "POST", app.addURL, port: server.port, key: server.key,
            body: String(decoding: try CourseApp.encoder.encode(felix), as: UTF8.self))
        #expect(added.status == 201)
        let stored = try CourseApp.decoder.decode(Cat.self, from: Data(added.body))
        #expect(app.loadsPhoto(stored.photoUrl))
        try expectPicture(stored.photoUrl, port: server.port, format: .jpeg, size: (300, 200))

        // Edit: "update photo", then the PUT.
        let search = try request("GET", app.updatePhotoSearchURL + stored.breedId, port: server.port)
        let found = try #require((try json(search) as? [[String: Any]])?.first?["url"] as? String)
        #expect(app.loadsPhoto(found) && !original.loadsPhoto(found), "\(found)")
        var edited = stored
        edited.photoUrl = found
        let put = try request(
            "PUT", "\(app.editURL)/\(try #require(stored.id))", port: server.port, key: server.key,
            body: String(decoding: try CourseApp.encoder.encode(edited), as: UTF8.self))
        #expect(put.status == 200)
        #expect(try CourseApp.decoder.decode(Cat.self, from: Data(put.body)).photoUrl == found)
        let photo = try request("GET", found, port: server.port)
        #expect(photo.status == 200 && photo.headers["Content-Type"]?.hasPrefix("image/") == true)

        // Detail: the breed facts.
        let detail = try request("GET", app.breedSearchURL + stored.breedId, port: server.port)
        let breeds = (try json(detail) as? [[String: Any]])?.first?["breeds"] as? [[String: Any]]
        #expect(breeds?.first?["name"] as? String != nil)
        #expect(breeds?.first?["temperament"] as? String != nil)
        #expect(server.terminate() == 0)
    }

    @Test func withoutStandInsTheirRoutesAre404AndTheBannerLeavesThemOut() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--no-standins", "--quiet"],
            in: folder)
        defer { _ = server.terminate() }
        #expect(!server.banner.contains("stand-ins:"))
        for path in [
            "/thecatapi/v1/images/search", "/thecatapi/v1/breeds", "/placekitten/300/200", "/dummyimage/10",
        ] {
            #expect(try request("GET", path, port: server.port).status == 404, "\(path)")
        }
        #expect(try request("GET", "/rest/a3cats?max=1", port: server.port, key: server.key).status == 200)
        let cats = try #require(
            try json(try request("GET", "/rest/a3cats?max=1", port: server.port, key: server.key))
                as? [[String: Any]])
        #expect((cats.first?["photoUrl"] as? String)?.hasPrefix("http://dummyimage.com/") == true)
    }

    @Test func thePublicURLIsTheBaseOfAnswersTheSeedAndTheBanner() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary,
            arguments: [
                "--port", "0", "--data-dir", "d", "--local-images", "--public-url", "http://10.1.2.3:9999/",
                "--quiet",
            ], in: folder)
        defer { _ = server.terminate() }
        #expect(
            server.banner.contains("stand-ins: http://10.1.2.3:9999/thecatapi/v1  /placekitten  /dummyimage"))
        let cats = try #require(
            try json(try request("GET", "/rest/a3cats", port: server.port, key: server.key))
                as? [[String: Any]])
        #expect(!cats.isEmpty)
        #expect(
            cats.allSatisfy {
                ($0["photoUrl"] as? String)?.hasPrefix("http://10.1.2.3:9999/dummyimage/") == true
            })
        let found = try #require(
            try json(try request("GET", "/thecatapi/v1/images/search?breed_ids=beng", port: server.port))
                as? [[String: Any]])
        #expect((found.first?["url"] as? String)?.hasPrefix("http://10.1.2.3:9999/thecatapi/images/") == true)
    }

    @Test func importWithLocalImagesStoresStandInURLs() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = """
            [{"catName":"a","photoUrl":"http://dummyimage.com/122x217.bmp/ff4444/ffffff"},
            {"catName":"b","photoUrl":"https://placekitten.com/300/200"},
            {"catName":"c","photoUrl":"https://cdn2.thecatapi.com/images/O3btzLlsO.jpg"},
            {"catName":"d","photoUrl":"https://cdn2.thecatapi.com/images/notInTheCatalogue.jpg"},
            {"catName":"e","photoUrl":"https://example.com/cat.png"}]
            """
        try rows.write(to: folder.appendingPathComponent("cats.json"), atomically: true, encoding: .utf8)
        for (name, extra) in [("local", [String]()), ("lan", ["--public-url", "http://192.168.1.5:3000"])] {
            let result = try binary.run(
                ["import", "cats.json", "--collection", name, "--data-dir", "d", "--local-images"] + extra,
                in: folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d"], in: folder)
        defer { _ = server.terminate() }
        for (name, base) in [("local", "http://127.0.0.1:8080"), ("lan", "http://192.168.1.5:3000")] {
            let cats = try #require(
                try json(try request("GET", "/rest/\(name)?sort=catName", port: server.port, key: server.key))
                    as? [[String: Any]])
            let urls = cats.compactMap { $0["photoUrl"] as? String }
            #expect(urls.count == 5)
            guard urls.count == 5 else { continue }
            #expect(urls[0] == base + "/dummyimage/122x217.bmp/ff4444/ffffff")
            #expect(urls[1] == base + "/placekitten/300/200")
            #expect(urls[2] == base + "/thecatapi/images/O3btzLlsO.jpg")
            #expect(urls[3].hasPrefix(base + "/thecatapi/images/"))
            #expect(urls[4] == "https://example.com/cat.png")
            // Every rewritten URL answers on this server (the unknown id maps into the catalogue).
            for url in urls.prefix(4) {
                let path = String(url.dropFirst(base.count))
                #expect(try request("GET", path, port: server.port).status == 200, "\(path)")
            }
        }
        let refused = try binary.run(
            ["import", "cats.json", "--collection", "x", "--data-dir", "d", "--public-url", "http://a:1"],
            in: folder)
        #expect(refused.status != 0)
    }
}
