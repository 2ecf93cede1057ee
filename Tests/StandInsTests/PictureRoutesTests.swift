import Foundation
import Pictures
import RestLiteTesting
import SocketHTTP
import Testing

@testable import StandIns

@Suite(.offPool) struct PictureRoutesTests {
    static let responder: FrozenRouter = {
        var router = Router()
        PictureStandIns().register(on: &router)
        return router.freeze()
    }()

    static func get(_ target: String, headers: HTTPHeaders = HTTPHeaders(), method: HTTPMethod = .get)
        -> HTTPResponse
    {
        responder.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    static func seedPhotoURLs() throws -> [String] {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../seed/a3cats.json")
        let cats = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: seed)) as? [[String: Any]])
        return cats.compactMap { $0["photoUrl"] as? String }
    }

    @Test func everySeedPhotoURLAnswersWithAnImageOfItsTypeAndSize() throws {
        let photos = try Self.seedPhotos()
        #expect(photos.count >= 100)
    }

    @Test(.needsPillow) func everySeedPhotoDecodesInPillowWithItsBackground() throws {
        try #require(PillowBatch.isAvailable, "python3 with Pillow is needed")
        let photos = try Self.seedPhotos()
        let seen = try PillowBatch.decode(photos.map(\.body))
        for (index, item) in seen.enumerated() {
            let photo = photos[index]
            #expect(
                item.format == photo.pillowFormat && item.width == photo.width && item.height == photo.height,
                "\(photo.url)")
        }
        // The first seed photo asks for background ff4444: its corner shows it.
        #expect(seen.first?.corner == [255, 68, 68])
    }

    /// Each seed photo's answer, checked for status, type and size (from its header).
    static func seedPhotos() throws -> [(
        url: String, body: [UInt8], pillowFormat: String, width: Int, height: Int
    )] {
        var photos: [(url: String, body: [UInt8], pillowFormat: String, width: Int, height: Int)] = []
        for url in try seedPhotoURLs() {
            let path = url.replacingOccurrences(of: "http://dummyimage.com", with: "/dummyimage")
            let response = get(path)
            #expect(response.status == .ok, "\(url)")
            let spec = path.split(separator: "/")[1]
            let size = spec.split(separator: ".")[0].split(separator: "x").compactMap { Int($0) }
            let format = try #require(ImageFormat(fileExtension: String(spec.split(separator: ".")[1])))
            #expect(response.headers["Content-Type"] == format.mimeType, "\(url)")
            #expect(HeaderSize.of(response.body, format: format)! == (size[0], size[1]), "\(url)")
            let pillowFormat = ["jpeg": "JPEG", "png": "PNG", "bmp": "BMP", "gif": "GIF"][format.rawValue]!
            photos.append((url, response.body, pillowFormat, size[0], size[1]))
        }
        return photos
    }

    @Test func placeKittenServesJPEGsOfTheExactSizeAndGreyOnesAreGrey() throws {
        let colour = Self.get("/placekitten/300/200")
        #expect(colour.status == .ok && colour.headers["Content-Type"] == "image/jpeg")
        #expect(HeaderSize.of(colour.body, format: .jpeg)! == (300, 200))
        #expect(Self.componentCount(colour.body) == 3)
        let grey = Self.get("/placekitten/g/300/200")
        #expect(HeaderSize.of(grey.body, format: .jpeg)! == (300, 200))
        #expect(Self.componentCount(grey.body) == 1)
        let square = Self.get("/placekitten/64")
        #expect(HeaderSize.of(square.body, format: .jpeg)! == (64, 64))
        #expect(Self.get("/placekitten/300/200").body == colour.body)
        #expect(Self.get("/placekitten/300/200?image=3").body != colour.body)
        #expect(Self.get("/placekitten/301/200").body != colour.body)
    }

    @Test(.needsPillow) func placeKittenColourAndGreyDecodeInPillow() throws {
        try #require(PillowBatch.isAvailable, "python3 with Pillow is needed")
        let seen = try PillowBatch.decode([
            Self.get("/placekitten/300/200").body, Self.get("/placekitten/g/300/200").body,
        ])
        #expect(seen.map(\.mode) == ["RGB", "L"])
        #expect(seen.allSatisfy { $0.width == 300 && $0.height == 200 })
    }

    @Test(arguments: [
        "/placekitten/0/200", "/placekitten/4001/10", "/placekitten/abc/10", "/placekitten/g/10/-1",
        "/placekitten/10/10?image=x", "/dummyimage/10x5000", "/dummyimage/0", "/dummyimage/10x10/zzz",
        "/dummyimage/10x10/fff/12345", "/dummyimage/10x10.tif", "/dummyimage/axb",
    ])
    func badSizesColoursAndFormatsAreJSON400s(target: String) throws {
        let response = Self.get(target)
        #expect(response.status == .badRequest)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let body = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(body["name"] as? String == "BadRequest")
        #expect(body["status"] as? Int == 400)
        #expect((body["message"] as? String)?.isEmpty == false)
    }

    @Test func etagsAnswerIfNoneMatchWithNotModified() {
        let first = Self.get("/dummyimage/120x80.png/5fa2dd/fff")
        let etag = first.headers["ETag"] ?? ""
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
        #expect(first.headers["Cache-Control"] == "public, max-age=86400")
        let again = Self.get("/dummyimage/120x80.png/5fa2dd/fff", headers: ["If-None-Match": etag])
        #expect(again.status == .notModified && again.body.isEmpty && again.headers["ETag"] == etag)
        let listed = Self.get(
            "/dummyimage/120x80.png/5fa2dd/fff", headers: ["If-None-Match": "\"x\", W/\(etag)"])
        #expect(listed.status == .notModified)
        let other = Self.get("/dummyimage/120x80.png/5fa2dd/fff", headers: ["If-None-Match": "\"nope\""])
        #expect(other.status == .ok && other.body == first.body)
        #expect(Self.get("/dummyimage/120x80.png/5fa2dd/000").headers["ETag"] != etag)
    }

    @Test func dummyImageDefaultsAndSpellings() throws {
        let square = Self.get("/dummyimage/50")
        #expect(square.headers["Content-Type"] == "image/gif")
        #expect(HeaderSize.of(square.body, format: .gif)! == (50, 50))
        let ratio = Self.get("/dummyimage/640x4:3.jpg")
        #expect(HeaderSize.of(ratio.body, format: .jpeg)! == (640, 480))
        let extensionLast = Self.get("/dummyimage/300x100/09f/fff.png")
        #expect(extensionLast.body == Self.get("/dummyimage/300x100.png/0099ff/ffffff").body)
        let inPath = Self.get("/dummyimage/200x100.png/000/fff&text=hello+world")
        let inQuery = Self.get("/dummyimage/200x100.png/000/fff?text=hello%20world")
        #expect(inPath.status == .ok && inPath.body == inQuery.body)
        #expect(inQuery.body != Self.get("/dummyimage/200x100.png/000/fff").body)
        #expect(Self.get("/dummyimage/50", method: .head).status == .ok)
    }

    @Test(.needsPillow) func dummyImageDefaultAndNamedColoursShowInPillow() throws {
        try #require(PillowBatch.isAvailable, "python3 with Pillow is needed")
        let seen = try PillowBatch.decode([
            Self.get("/dummyimage/50").body, Self.get("/dummyimage/300x100/09f/fff.png").body,
        ])
        #expect(seen[0].corner == [204, 204, 204])
        #expect(seen[1].corner == [0, 153, 255])
    }

    @Test func theCacheKeepsWithinItsBudgetAndDropsTheLeastRecentlyUsed() {
        let cache = PictureCache(budget: 250)
        func entry(_ size: Int) -> PictureCache.Entry {
            PictureCache.Entry(
                body: [UInt8](repeating: 1, count: size), contentType: "image/gif", etag: "\"\(size)\"")
        }
        _ = cache.entry(for: "a") { entry(100) }
        _ = cache.entry(for: "b") { entry(100) }
        _ = cache.entry(for: "a") { entry(1) }  // a hit: `a` is now the most recent
        _ = cache.entry(for: "c") { entry(100) }  // over budget: `b` goes
        #expect(cache.storedBytes == 200)
        #expect(cache.entry(for: "a") { entry(7) }.body.count == 100)
        #expect(cache.entry(for: "b") { entry(7) }.body.count == 7)
        _ = cache.entry(for: "huge") { entry(1000) }
        #expect(cache.storedBytes <= 250)
        let uncached = PictureStandIns(cacheBytes: 0)
        var router = Router()
        uncached.register(on: &router)
        let response = router.freeze().respond(to: HTTPRequest(method: .get, target: "/placekitten/20/10"))
        #expect(response.status == .ok && response.body == Self.get("/placekitten/20/10").body)
    }

    /// The number of components in a baseline JPEG's frame header.
    static func componentCount(_ jpeg: [UInt8]) -> Int? {
        var index = 2
        while index + 9 < jpeg.count, jpeg[index] == 0xFF {
            if jpeg[index + 1] == 0xC0 { return Int(jpeg[index + 9]) }
            index += 2 + (Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3]))
        }
        return nil
    }
}
