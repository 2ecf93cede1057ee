import Foundation
import Pictures
import RestLiteTesting
import SocketHTTP
import Testing

/// The other course apps against one `restlite serve` and nothing else, each with the request
/// flow and models of its assignment: the dog-breeds app (dog.ceo), the food-log app (USDA NDB
/// search, then FoodData Central search and food), and The Cat App (breeds, a breed's photo by
/// `breed_id`). Real server processes on port 0; each is stopped by its PID.
@Suite(.offPool) struct CourseAppsOfflineTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-courseapps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func get(_ url: String, port: Int, method: String = "GET", body: String? = nil) throws
        -> RawHTTPResponse
    {
        let path = url.hasPrefix("http://") ? String(url.dropFirst(7).drop(while: { $0 != "/" })) : url
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Type: application/json\r\n"
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        let client = try RawHTTPClient(port: port, timeout: .seconds(60))
        try client.send(head + "\r\n" + (body ?? ""))
        return try client.readResponse()
    }

    private func startServer(_ extra: [String] = []) throws -> (ServerProcess, URL) {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--quiet"] + extra, in: folder)
        return (server, folder)
    }

    // MARK: The dog app (Objective-C, NSJSONSerialization into Breed and SubBreed)

    @Test func theDogAppListsBreedsSubBreedsAndLoadsTheirPhotos() throws {
        let (server, folder) = try startServer()
        defer {
            _ = server.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        let base = "http://127.0.0.1:\(server.port)/dogceo/api"
        #expect(server.banner.contains("/dogceo/api"))

        // fetchAllBreeds: breeds/list/all, a dictionary of name → sub-breed names.
        let all = try get(base + "/breeds/list/all", port: server.port)
        #expect(all.status == 200)
        let top = try #require(try JSONSerialization.jsonObject(with: Data(all.body)) as? [String: Any])
        #expect(top["status"] as? String == "success")
        let breeds = try #require(top["message"] as? [String: [String]])
        #expect(breeds.count == 107)
        let subBreeds = try #require(breeds["hound"])
        #expect(subBreeds.contains("afghan"))

        // fetchBreedImageURLs and fetchSubBreedImageURLs.
        for path in ["/breed/hound/images", "/breed/hound/afghan/images", "/breed/beagle/images"] {
            let answer = try get(base + path, port: server.port)
            #expect(answer.status == 200, "\(path)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            let urls = try #require(object["message"] as? [String])
            #expect(urls.count >= 5, "\(path)")
            // fetchImageData: every URL of the collection view loads a JPEG picture.
            for url in urls.prefix(3) {
                #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/dogceo/breeds/"))
                let picture = try get(url, port: server.port)
                #expect(picture.status == 200, "\(url)")
                #expect(picture.headers["Content-Type"] == "image/jpeg")
                let size = try #require(HeaderSize.of(picture.body, format: .jpeg), "\(url)")
                #expect(size.0 >= 300 && size.1 >= 300)
            }
        }
        let missing = try get(base + "/breed/hound/tabby/images", port: server.port)
        #expect(missing.status == 404)
        #expect(missing.bodyString.contains("Breed not found (sub breed does not exist)"))
        #expect(server.terminate() == 0)
    }

    // MARK: The food-log app (NdbSearchPackage → NdbSearchList → NdbSearchListItem)

    struct NdbSearchPackage: Decodable { let list: NdbSearchList }
    struct NdbSearchList: Decodable {
        let q: String
        let sr: String
        let ds: String
        let start: Int
        let end: Int
        let total: Int
        let group: String
        let sort: String
        let item: [NdbSearchListItem]
    }
    struct NdbSearchListItem: Decodable {
        let offset: Int
        let group: String
        let name: String
        let ndbno: String
        let ds: String
        let manu: String
    }

    /// The 2020 version: everything but `fdcId` optional, as the course says.
    struct FdcSearch: Decodable {
        let totalHits: Int?
        let foods: [FdcFood]
    }
    struct FdcFood: Decodable {
        let fdcId: Int
        let description: String?
        let brandOwner: String?
        let ingredients: String?
    }
    struct FdcDetail: Decodable {
        let fdcId: Int
        let description: String?
        let servingSize: Double?
        let servingSizeUnit: String?
        let labelNutrients: [String: LabelValue]?
        struct LabelValue: Decodable { let value: Double }
    }

    @Test func theFoodAppSearchesShowsAFoodAndItsNutrients() throws {
        let (server, folder) = try startServer()
        defer {
            _ = server.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        let usda = "http://127.0.0.1:\(server.port)/usda"
        #expect(server.banner.contains("/usda"))

        // 2018: foodItem_Search(searchTerms:) with the course's three example queries.
        for terms in ["butter", "butter%20peanut", "butter%20peanut%20natural"] {
            let answer = try get(
                usda + "/ndb/search/?max=25&api_key=YOUR_API_KEY&q=\(terms)", port: server.port)
            #expect(answer.status == 200)
            let package = try JSONDecoder().decode(NdbSearchPackage.self, from: Data(answer.body))
            #expect(package.list.item.count == 25, "\(terms)")
            #expect(package.list.end == 25 && package.list.total > 25)
            let words = terms.components(separatedBy: "%20")
            let first = package.list.item[0].name.lowercased()
            #expect(words.allSatisfy { first.contains($0) }, "\(terms): \(first)")
            #expect(package.list.item.allSatisfy { !$0.manu.isEmpty })
        }

        // 2020: search, pick a food, show its label nutrients.
        let search = try get(
            usda + "/fdc/v1/search?api_key=KEY", port: server.port, method: "POST",
            body: #"{"generalSearchInput":"cheddar cheese","requireAllWords":true}"#)
        #expect(search.status == 200)
        let found = try JSONDecoder().decode(FdcSearch.self, from: Data(search.body))
        #expect((found.totalHits ?? 0) > 10)
        #expect(found.foods.allSatisfy { $0.description?.lowercased().contains("cheddar") == true })
        let branded = try #require(found.foods.first { $0.brandOwner != nil })
        #expect(branded.ingredients?.isEmpty == false)
        let detail = try get(usda + "/fdc/v1/\(branded.fdcId)?api_key=KEY", port: server.port)
        #expect(detail.status == 200)
        let food = try JSONDecoder().decode(FdcDetail.self, from: Data(detail.body))
        #expect(food.fdcId == branded.fdcId && food.description == branded.description)
        let label = try #require(food.labelNutrients)
        for key in ["calories", "fat", "carbohydrates", "protein", "sodium", "sugars", "fiber"] {
            #expect(label[key] != nil, "\(key)")
        }
        #expect((label["calories"]?.value ?? 0) > 50 && (label["protein"]?.value ?? 0) > 3)
        let current = try get(usda + "/fdc/v1/food/\(branded.fdcId)?api_key=KEY", port: server.port)
        #expect(current.body == detail.body)
        #expect(server.terminate() == 0)
    }

    // MARK: The Cat App (breed list, a breed's photo by breed_id)

    struct CatBreed: Decodable {
        let id: String
        let name: String
        let temperament: String?
        let description: String?
        let adaptability: Int?
        let affection_level: Int?
        let child_friendly: Int?
        let cat_friendly: Int?
        let dog_friendly: Int?
        let energy_level: Int?
        let intelligence: Int?
    }
    struct CatImage: Decodable {
        let id: String
        let url: String
        let breeds: [CatBreed]?
    }

    @Test func theCatAppListsBreedsAndLoadsPhotosOfTheBreedAsked() throws {
        let (server, folder) = try startServer()
        defer {
            _ = server.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        let api = "http://127.0.0.1:\(server.port)/thecatapi/v1"
        let list = try get(api + "/breeds", port: server.port)
        let breeds = try JSONDecoder().decode([CatBreed].self, from: Data(list.body))
        #expect(breeds.count == 67)
        // Scores 0-5 or missing ("Unknown" in the app).
        #expect(breeds.allSatisfy { ($0.adaptability ?? 0) <= 5 && ($0.cat_friendly ?? 0) <= 5 })
        #expect(breeds.contains { $0.cat_friendly == nil })
        for breed in ["abys", "beng", "sphy"] {
            for _ in 0..<3 {
                let answer = try get(api + "/images/search?breed_id=\(breed)", port: server.port)
                let images = try JSONDecoder().decode([CatImage].self, from: Data(answer.body))
                #expect(images.count == 1)
                #expect(images.first?.breeds?.first?.id == breed, "\(breed)")
                let url = try #require(images.first?.url)
                let photo = try get(url, port: server.port)
                #expect(photo.status == 200 && photo.headers["Content-Type"]?.hasPrefix("image/") == true)
            }
        }
        #expect(server.terminate() == 0)
    }

    // MARK: Switches

    @Test func withoutStandInsTheDogAndFoodRoutesAre404() throws {
        let (server, folder) = try startServer(["--no-standins"])
        defer {
            _ = server.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        for path in [
            "/dogceo/api/breeds/list/all", "/dogceo/breeds/beagle/a.jpg", "/usda/ndb/search/?q=apple",
        ] {
            #expect(try get(path, port: server.port).status == 404, "\(path)")
        }
    }

    @Test func thePublicURLIsTheBaseOfDogPictureURLs() throws {
        let (server, folder) = try startServer(["--public-url", "http://10.1.2.3:9999/"])
        defer {
            _ = server.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        let answer = try get("/dogceo/api/breeds/image/random", port: server.port)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        #expect((object["message"] as? String)?.hasPrefix("http://10.1.2.3:9999/dogceo/breeds/") == true)
    }
}
