import Foundation
import Pictures
import RestLiteTesting
import SocketHTTP
import Testing

@testable import StandIns

@Suite(.offPool) struct TheCatAPIImageTests {
    let api = CatAPIFixture()
    let search = "/thecatapi/v1/images/search"

    @Test func courseFlowFindsOneBengalWithALoadableURLOnTheRequestHost() throws {
        let response = api.get(search + "?breed_ids=beng", host: "192.168.1.20:3000")
        #expect(response.status == .ok)
        let text = response.bodyString
        #expect(text.hasPrefix(#"[{"breeds":[{"weight":"#))
        #expect(keyOrder(ofFirstObjectIn: text) == ["breeds", "id", "url", "width", "height"])
        let found = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        #expect(found.count == 1)
        let image = try #require(found.first)
        let id = try #require(image["id"] as? String)
        let url = try #require(image["url"] as? String)
        #expect(url.hasPrefix("http://192.168.1.20:3000/thecatapi/images/\(id)."))
        let breed = try #require((image["breeds"] as? [[String: Any]])?.first)
        #expect(breed["name"] as? String == "Bengal")
        #expect((breed["description"] as? String)?.isEmpty == false)
        #expect(breed["temperament"] as? String == "Alert, Agile, Energetic, Demanding, Intelligent")
        #expect(breed["image"] == nil)
        #expect(image["width"] is Int && image["height"] is Int)

        let path = String(url.dropFirst("http://192.168.1.20:3000".count))
        let file = api.get(path)
        #expect(file.status == .ok)
        #expect(file.bodyString.hasPrefix("spotted "))
        #expect(
            file.bodyString.hasSuffix(
                " \(image["width"]!)x\(image["height"]!) "
                    + (url.hasSuffix(".jpg") ? "jpeg" : String(url.suffix(3)))))
        #expect(file.headers["Content-Type"]?.hasPrefix("image/") == true)
    }

    @Test func searchIsAlwaysAnArrayOfOneByDefault() throws {
        let found = try api.array(search)
        #expect(found.count == 1)
        #expect(found[0]["breeds"] is [Any])
        #expect(api.get(search).headers["Pagination-Count"] == nil)
        #expect(api.get(search).headers["Vary"] == "Origin")
        #expect(try api.array(search + "?size=thumb").count == 1)
        #expect(try api.array(search + "?size=full&breeds=beng&whatever=1").count == 1)
    }

    @Test func limitIsOneOrTenWithoutAKeyAndUpToAHundredWithOne() throws {
        #expect(try api.array(search + "?limit=1").count == 1)
        #expect(try api.array(search + "?limit=5").count == 10)
        #expect(try api.array(search + "?limit=50").count == 10)
        #expect(try api.array(search + "?limit=0").count == 1)
        #expect(try api.array(search + "?limit=abc").count == 1)
        #expect(try api.array(search + "?limit=5", headers: ["x-api-key": "anything"]).count == 5)
        #expect(try api.array(search + "?limit=7&api_key=live_whatever").count == 7)
        #expect(try api.array(search + "?limit=500&api_key=k").count == 100)
        let mixed = try api.array(search + "?limit=100&api_key=k").compactMap { $0["id"] as? String }
        #expect(Set(mixed).count == 100)
    }

    /// The older singular `breed_id` (The Cat App's "new photo of this breed") is one breed's
    /// pictures, as `breed_ids` with one id is; `breed_ids` wins when both are sent.
    @Test func breedIDSingularAnswersPhotosOfThatBreed() throws {
        func breeds(_ images: [[String: Any]]) -> [String] {
            images.compactMap { (($0["breeds"] as? [[String: Any]])?.first?["id"] as? String) }
        }
        for _ in 0..<12 {
            let found = try api.array(search + "?breed_id=abys")
            #expect(found.count == 1)
            #expect(breeds(found) == ["abys"])
        }
        let key: HTTPHeaders = ["x-api-key": "k"]
        let many = try api.array(search + "?breed_id=beng&limit=100", headers: key)
        #expect(many.count >= 10 && breeds(many) == Array(repeating: "beng", count: many.count))
        let both = try api.array(search + "?breed_ids=abys&breed_id=beng&limit=100", headers: key)
        #expect(!both.isEmpty && Set(breeds(both)) == ["abys"])
        let filtered = try api.array(search + "?breed_id=sphy&mime_types=jpg,png,gif&limit=100", headers: key)
        #expect(!filtered.isEmpty && Set(breeds(filtered)) == ["sphy"])
        let ordered = try api.array(search + "?breed_id=sphy&order=ASC&limit=100", headers: key)
        #expect(Set(breeds(ordered)) == ["sphy"])
        #expect(try api.array(search + "?breed_id=zzzz").isEmpty)
    }

    @Test func breedIDsCategoryIDsHasBreedsAndMimeTypesFilter() throws {
        let key: HTTPHeaders = ["x-api-key": "k"]
        let two = try api.array(search + "?breed_ids=beng,abys&limit=100", headers: key)
        #expect(two.count >= 20)
        for image in two {
            let ids = (image["breeds"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            #expect(ids == ["beng"] || ids == ["abys"])
        }
        #expect(try api.array(search + "?breed_ids=zzzz").isEmpty)
        #expect(api.get(search + "?breed_ids=zzzz").bodyString == "[]")

        let boxes = try api.array(search + "?category_ids=5&limit=100", headers: key)
        #expect(!boxes.isEmpty)
        for image in boxes {
            let categories = try #require(image["categories"] as? [[String: Any]])
            #expect(categories.contains { $0["id"] as? Int == 5 && $0["name"] as? String == "boxes" })
            #expect((image["breeds"] as? [Any])?.isEmpty == true)
        }
        let boxesText = api.get(search + "?category_ids=5", headers: key).bodyString
        #expect(
            keyOrder(ofFirstObjectIn: boxesText) == ["breeds", "categories", "id", "url", "width", "height"])
        #expect(try api.array(search + "?category_ids=5,7&limit=100", headers: key).count > boxes.count)

        for flag in ["1", "true"] {
            let tagged = try api.array(search + "?has_breeds=\(flag)&limit=100", headers: key)
            #expect(tagged.count == 100)
            #expect(tagged.allSatisfy { ($0["breeds"] as? [Any])?.count == 1 })
        }
        let any = try api.array(search + "?has_breeds=0&order=ASC&limit=100&page=7", headers: key)
        #expect(any.contains { ($0["breeds"] as? [Any])?.isEmpty == true })

        for (type, ext) in [("png", ".png"), ("gif", ".gif"), ("jpg", ".jpg"), ("image/png", ".png")] {
            let typed = try api.array(search + "?mime_types=\(type)&limit=100", headers: key)
            #expect(!typed.isEmpty)
            #expect(typed.allSatisfy { ($0["url"] as? String)?.hasSuffix(ext) == true })
        }
        let pngGif = try api.array(search + "?mime_types=png,gif&limit=100", headers: key)
        #expect(pngGif.allSatisfy { !(($0["url"] as? String)?.hasSuffix(".jpg") ?? true) })
        let bengalPNG = try api.array(search + "?breed_ids=beng&mime_types=gif,png&limit=100", headers: key)
        #expect(bengalPNG.allSatisfy { ($0["url"] as? String)?.hasSuffix(".jpg") == false })
    }

    @Test func orderedSearchPagesWithPaginationHeaders() throws {
        let key: HTTPHeaders = ["x-api-key": "k"]
        let first = api.get(search + "?order=ASC&limit=5&page=0", headers: key)
        let count = try #require(Int(first.headers["Pagination-Count"] ?? ""))
        #expect(count >= 67 * 10 + 100)
        #expect(first.headers["Pagination-Page"] == "0")
        #expect(first.headers["Pagination-Limit"] == "5")
        #expect(
            first.headers["Access-Control-Expose-Headers"]
                == "Pagination-Count, Pagination-Page, Pagination-Limit")
        let ids0 = try api.array(search + "?order=ASC&limit=5&page=0", headers: key).compactMap {
            $0["id"] as? String
        }
        let again = try api.array(search + "?order=asc&limit=5&page=0", headers: key).compactMap {
            $0["id"] as? String
        }
        let ids1 = try api.array(search + "?order=ASC&limit=5&page=1", headers: key).compactMap {
            $0["id"] as? String
        }
        let both = try api.array(search + "?order=ASC&limit=10", headers: key).compactMap {
            $0["id"] as? String
        }
        #expect(ids0 == again && ids0 + ids1 == both)
        let last = try api.array(search + "?order=DESC&limit=5", headers: key).compactMap {
            $0["id"] as? String
        }
        let lastPage = (count - 1) / 5
        let tail = try api.array(search + "?order=ASC&limit=5&page=\(lastPage)", headers: key)
            .compactMap { $0["id"] as? String }
        #expect(Array(last.prefix(tail.count)) == tail.reversed())
        #expect(try api.array(search + "?order=ASC&limit=5&page=100000", headers: key).isEmpty)
        let bengals = api.get(search + "?order=DESC&breed_ids=beng&limit=3", headers: key)
        let bengalCount = try #require(Int(bengals.headers["Pagination-Count"] ?? ""))
        #expect((10...12).contains(bengalCount))
        #expect(api.get(search + "?order=RANDOM&limit=5").headers["Pagination-Count"] == nil)
    }

    @Test func randomOrderVariesAndFormatSrcRedirects() throws {
        var seen = Set<String>()
        for _ in 0..<20 { seen.formUnion(try api.array(search).compactMap { $0["id"] as? String }) }
        #expect(seen.count > 1)
        let redirect = api.get(search + "?breed_ids=siam&format=src")
        #expect(redirect.status == .found)
        #expect(redirect.headers["Location"]?.hasPrefix("http://cats.test:3000/thecatapi/images/") == true)
    }

    @Test func oneImageByIDAndTheUnknownIDText() throws {
        let found = try api.array(search + "?breed_ids=sfol")
        let id = try #require(found.first?["id"] as? String)
        let one = api.get("/thecatapi/v1/images/\(id)")
        #expect(one.status == .ok)
        #expect(one.bodyString.hasPrefix(#"{"breeds":[{"weight""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(one.body)) as? [String: Any])
        #expect(object["id"] as? String == id)
        #expect(object["url"] as? String == found.first?["url"] as? String)
        #expect(try api.json("/thecatapi/v1/images/0XYvRd7oD") is [String: Any])

        let missing = api.get("/thecatapi/v1/images/nope123")
        #expect(missing.status == .badRequest)
        #expect(missing.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(missing.bodyString == "Couldn't find an image matching the passed 'id' of nope123")
    }

    @Test func picturesAreCachedTaggedAndRevalidated() throws {
        let image = try #require(CatImageCatalogue().image(id: "O3btzLlsO"))
        #expect(image.format == .jpeg)
        let path = "/thecatapi/images/O3btzLlsO.jpg"
        let first = api.get(path)
        #expect(first.status == .ok)
        #expect(first.headers["Content-Type"] == "image/jpeg")
        #expect(first.headers["Cache-Control"]?.contains("max-age=") == true)
        let etag = try #require(first.headers["ETag"])
        #expect(first.bodyString == "spotted \(image.variant) \(image.width)x\(image.height) jpeg")
        #expect(api.get(path).body == first.body)
        #expect(api.renders.count == 1)
        let revalidated = api.get(path, headers: ["If-None-Match": "\"other\", " + etag])
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.headers["ETag"] == etag)
        #expect(api.get(path, headers: ["If-None-Match": "\"stale\""]).status == .ok)
        #expect(api.renders.count == 1)

        #expect(api.get("/thecatapi/images/O3btzLlsO.png").status == .notFound)
        #expect(api.get("/thecatapi/images/O3btzLlsO").status == .notFound)
        #expect(api.get("/thecatapi/images/nope.jpg").status == .notFound)
    }

    @Test func pictureFilesShareTheByteBoundedCache() {
        let renders = RenderCounter()
        let standIn = TheCatAPIStandIn(publicURL: nil, cacheBytes: 10) { _, _, _, _, _ in
            renders.add()
            return [UInt8](repeating: 7, count: 6)
        }
        var router = Router()
        standIn.register(on: &router)
        let frozen = router.freeze()
        let images = CatImageCatalogue().images.prefix(2).map {
            "/thecatapi/images/\($0.id).\($0.fileExtension)"
        }
        func get(_ path: String) -> HTTPResponse {
            frozen.respond(to: HTTPRequest(method: .get, target: path))
        }
        #expect(get(images[0]).body.count == 6)
        #expect(get(images[0]).status == .ok)
        #expect(renders.count == 1)
        #expect(standIn.cache.storedBytes == 6)
        _ = get(images[1])  // 12 bytes > 10: the older file goes
        #expect(standIn.cache.storedBytes == 6)
        _ = get(images[0])
        #expect(renders.count == 3)
    }

    @Test func searchAnswersAreTheImageObjectsJSON() {
        let standIn = TheCatAPIStandIn(publicURL: nil) { _, _, _, _, _ in [] }
        let request = HTTPRequest(method: .get, target: "/", headers: ["Host": #"cats"\.test:1"#])
        let base = TheCatAPIStandIn.escapedBase(standIn.urlBase(request))
        for (position, image) in standIn.catalogue.images.enumerated() {
            let parts = standIn.imageJSON[position]
            #expect(parts.head + base + parts.tail == standIn.json(of: image, request).bytes, "\(image.id)")
        }
        let picked = TheCatAPIStandIn.randomPick(5, from: Array(0..<8))
        #expect(picked.count == 5 && Set(picked).count == 5 && picked.allSatisfy { (0..<8).contains($0) })
        #expect(Set(TheCatAPIStandIn.randomPick(20, from: Array(0..<8))) == Set(0..<8))
    }

    @Test func publicURLIsTheBaseOfEveryURL() throws {
        let api = CatAPIFixture(publicURL: "http://10.0.0.5:8080/")
        let found = try api.array(search + "?breed_ids=abys")
        #expect((found.first?["url"] as? String)?.hasPrefix("http://10.0.0.5:8080/thecatapi/images/") == true)
        let breeds = try api.array("/thecatapi/v1/breeds?limit=1")
        #expect(
            (breeds.first?["image"] as? [String: Any])?["url"] as? String
                == "http://10.0.0.5:8080/thecatapi/images/0XYvRd7oD.jpg")
    }

    @Test func theCatalogueIsLikeTheServices() {
        let catalogue = CatImageCatalogue()
        let images = catalogue.images
        #expect(Set(images.map(\.id)).count == images.count)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
        #expect(images.allSatisfy { (3...10).contains($0.id.count) && $0.id.allSatisfy(allowed.contains) })
        for (index, breed) in CatBreed.all.enumerated() {
            let own = images.filter { $0.breedIndex == index }
            #expect(own.count >= 10)
            #expect(own.allSatisfy { $0.look == breed.look })
        }
        let untagged = images.filter { $0.breedIndex == nil }
        #expect(untagged.count >= 100)
        #expect(Set(untagged.map(\.look)).count > 10)
        #expect(Set(untagged.flatMap(\.categories).map(\.id)) == Set(CatCategory.all.map(\.id)))
        let jpegs = images.filter { $0.format == .jpeg }.count
        let pngs = images.filter { $0.format == .png }.count
        let gifs = images.filter { $0.format == .gif }.count
        #expect(jpegs > pngs && pngs > gifs && gifs > 0)
        #expect(CatImageCatalogue().images.map(\.id) == images.map(\.id))
        #expect(CatImageCatalogue().images.map(\.variant) == images.map(\.variant))
    }

    @Test func overASocketTheURLFollowsTheHostHeader() throws {
        let standIn = TheCatAPIStandIn(publicURL: nil) { _, _, _, _, _ in [0xFF, 0xD8, 0xFF, 0xD9] }
        var router = Router()
        standIn.register(on: &router)
        let server = try TestHTTPServer.start(router.freeze())
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        try client.send(
            "GET /thecatapi/v1/images/search?breed_ids=ragd HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"
        )
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyString.contains("\"url\":\"http://127.0.0.1:\(server.port)/thecatapi/images/"))
        try client.send("GET /thecatapi/images/oGefY4YoG.jpg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let picture = try client.readResponse()
        #expect(picture.status == 200)
        #expect(picture.body == [0xFF, 0xD8, 0xFF, 0xD9])
    }
}
