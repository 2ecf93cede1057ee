import Foundation
import Pictures
import SocketHTTP
import Testing

@testable import StandIns

/// The dog-breed stand-in on a frozen router, answered in-process, with a fake drawer.
struct DogCeoFixture {
    let router: FrozenRouter
    let renders: RenderCounter

    init(publicURL: String? = nil) {
        let renders = RenderCounter()
        let standIn = DogCeoStandIn(publicURL: publicURL) { look, variant, width, height in
            renders.add()
            return Array("\(look.size.rawValue) \(look.ears.rawValue) \(variant) \(width)x\(height)".utf8)
        }
        var router = Router()
        standIn.register(on: &router)
        self.router = router.freeze()
        self.renders = renders
    }

    func get(_ target: String, host: String = "dogs.test:3000", method: HTTPMethod = .get) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: method, target: target, headers: ["Host": host]))
    }

    /// The `message` of a success envelope, after checking the envelope and its key order.
    func message(_ target: String, host: String = "dogs.test:3000") throws -> Any {
        let response = get(target, host: host)
        #expect(response.status == .ok, "\(target)")
        #expect(response.headers["Content-Type"] == "application/json", "\(target)")
        #expect(response.bodyString.hasPrefix(#"{"message":"#), "\(target)")
        #expect(response.bodyString.hasSuffix(#","status":"success"}"#), "\(target)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body), options: .fragmentsAllowed)
                as? [String: Any])
        #expect(object.count == 2)
        return try #require(object["message"])
    }

    /// The error envelope's message, after checking the 404 and its keys.
    func error(_ target: String) throws -> String {
        let response = get(target)
        #expect(response.status == .notFound, "\(target)")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.bodyString.hasPrefix(#"{"status":"error","message":"#), "\(target)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["code"] as? Int == 404)
        #expect(object["status"] as? String == "error")
        return try #require(object["message"] as? String)
    }
}

@Suite struct DogCeoRouteTests {
    let api = DogCeoFixture()
    static let prefixes = ["/dogceo/api", "/dogceo"]

    @Test(arguments: prefixes) func allBreedsIsTheRealListWithSubBreeds(prefix: String) throws {
        let response = api.get(prefix + "/breeds/list/all")
        #expect(response.headers["Cache-Control"] == "s-maxage=21600, max-age=1800")
        let all = try #require(try api.message(prefix + "/breeds/list/all") as? [String: [String]])
        #expect(all.count == 107)
        #expect(all.values.reduce(0) { $0 + $1.count } == 94)
        #expect(all["hound"] == ["afghan", "basset", "blood", "english", "ibizan", "plott", "walker"])
        #expect(all["australian"] == ["kelpie", "shepherd"])
        #expect(all["affenpinscher"] == [])
        #expect(all["terrier"]?.count == 23)
        #expect(all["poodle"] == ["medium", "miniature", "standard", "toy"])
        // Keys in alphabetical order, as sent.
        let text = response.bodyString
        #expect(text.hasPrefix(#"{"message":{"affenpinscher":[],"african":[],"airedale":[],"#))
        #expect(text.contains(#""wolfhound":["irish"]}"#))
    }

    @Test(arguments: prefixes) func breedListsAndRandomBreeds(prefix: String) throws {
        let mains = try #require(try api.message(prefix + "/breeds/list") as? [String])
        #expect(mains.count == 107)
        #expect(mains == mains.sorted())
        #expect(mains.first == "affenpinscher" && mains.last == "wolfhound")
        #expect(api.get(prefix + "/breeds/list").headers["Cache-Control"] != nil)

        let one = try #require(try api.message(prefix + "/breeds/list/random") as? String)
        #expect(mains.contains(one))
        #expect(api.get(prefix + "/breeds/list/random").headers["Cache-Control"] == nil)
        let three = try #require(try api.message(prefix + "/breeds/list/random/3") as? [String])
        #expect(three.count == 3 && Set(three).count == 3 && three == three.sorted())
        #expect((try api.message(prefix + "/breeds/list/random/500") as? [String])?.count == 107)
        #expect((try api.message(prefix + "/breeds/list/random/0") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breeds/list/random/abc") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breeds/list/random/-4") as? [String])?.count == 10)
        #expect((try api.message(prefix + "/breeds/list/random/4xyz") as? [String])?.count == 4)

        let single = try #require(try api.message(prefix + "/breeds/list/all/random") as? [String: [String]])
        #expect(single.count == 1)
        let five = try #require(try api.message(prefix + "/breeds/list/all/random/5") as? [String: [String]])
        #expect(five.count == 5)
        #expect((try api.message(prefix + "/breeds/list/all/random/-1") as? [String: Any])?.count == 10)
        #expect((try api.message(prefix + "/breeds/list/all/random/1000") as? [String: Any])?.count == 107)
    }

    @Test(arguments: prefixes) func subBreedListsAndTheirErrors(prefix: String) throws {
        #expect(
            try api.message(prefix + "/breed/hound/list") as? [String] == [
                "afghan", "basset", "blood", "english", "ibizan", "plott", "walker",
            ])
        #expect(try api.message(prefix + "/breed/beagle/list") as? [String] == [])
        #expect(try api.error(prefix + "/breed/Hound/list") == "Breed not found (main breed does not exist)")
        let sub = try #require(try api.message(prefix + "/breed/hound/list/random") as? String)
        #expect(["afghan", "basset", "blood", "english", "ibizan", "plott", "walker"].contains(sub))
        #expect((try api.message(prefix + "/breed/hound/list/random/2") as? [String])?.count == 2)
        #expect((try api.message(prefix + "/breed/hound/list/random/99") as? [String])?.count == 7)
        #expect((try api.message(prefix + "/breed/hound/list/random/-3") as? [String])?.count == 7)
        #expect(
            try api.error(prefix + "/breed/beagle/list/random")
                == "Breed not found (no sub breeds exist for this main breed)")
        #expect(
            try api.error(prefix + "/breed/beagle/list/random/3")
                == "Breed not found (no sub breeds exist for this main breed)")
        #expect(
            try api.error(prefix + "/breed/nope/list/random") == "Breed not found (main breed does not exist)"
        )
    }

    @Test(arguments: prefixes) func imagesOfABreedIncludeEverySubBreed(prefix: String) throws {
        let response = api.get(prefix + "/breed/hound/images")
        #expect(response.headers["Cache-Control"] == "s-maxage=21600, max-age=1800")
        let all = try #require(try api.message(prefix + "/breed/hound/images") as? [String])
        let afghan = try #require(try api.message(prefix + "/breed/hound/afghan/images") as? [String])
        #expect(afghan.count >= 5)
        #expect(Set(afghan).isSubset(of: Set(all)))
        for sub in ["afghan", "basset", "blood", "english", "ibizan", "plott", "walker"] {
            let urls = try #require(try api.message(prefix + "/breed/hound/\(sub)/images") as? [String])
            #expect(urls.count >= 5)
            #expect(urls.allSatisfy { $0.hasPrefix("http://dogs.test:3000/dogceo/breeds/hound-\(sub)/") })
            #expect(urls.allSatisfy { $0.hasSuffix(".jpg") })
        }
        #expect(all.count == Set(all).count)
        let beagle = try #require(try api.message(prefix + "/breed/beagle/images") as? [String])
        #expect(beagle.count >= 5 && beagle.allSatisfy { $0.contains("/dogceo/breeds/beagle/") })
        // Every folder of every breed has at least five pictures.
        let breeds = DogBreeds.shared
        #expect(breeds.folders.count == 162)
        #expect(breeds.folders.allSatisfy { $0.files.count >= 5 && Set($0.files).count == $0.files.count })
        #expect(try api.error(prefix + "/breed/cat/images") == "Breed not found (main breed does not exist)")
        #expect(
            try api.error(prefix + "/breed/hound/tabby/images")
                == "Breed not found (sub breed does not exist)")
        #expect(
            try api.error(prefix + "/breed/tabby/afghan/images")
                == "Breed not found (main breed does not exist)")
    }

    @Test(arguments: prefixes) func randomImagesOfABreedAreDistinctAndCapped(prefix: String) throws {
        let all = Set(try #require(try api.message(prefix + "/breed/hound/images") as? [String]))
        let one = try #require(try api.message(prefix + "/breed/hound/images/random") as? String)
        #expect(all.contains(one))
        let four = try #require(try api.message(prefix + "/breed/hound/images/random/4") as? [String])
        #expect(four.count == 4 && Set(four).count == 4 && Set(four).isSubset(of: all))
        // No 50 cap here: every picture when more are asked for.
        let many = try #require(try api.message(prefix + "/breed/hound/images/random/500") as? [String])
        #expect(Set(many) == all)
        #expect((try api.message(prefix + "/breed/hound/images/random/0") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breed/hound/images/random/-2") as? [String])?.count == 10)

        let afghan = Set(try #require(try api.message(prefix + "/breed/hound/afghan/images") as? [String]))
        let sub = try #require(try api.message(prefix + "/breed/hound/afghan/images/random") as? String)
        #expect(afghan.contains(sub))
        let two = try #require(try api.message(prefix + "/breed/hound/afghan/images/random/2") as? [String])
        #expect(two.count == 2 && Set(two).isSubset(of: afghan))
        #expect(
            (try api.message(prefix + "/breed/hound/afghan/images/random/99") as? [String])?.count
                == afghan.count)
        #expect(
            try api.error(prefix + "/breed/hound/tabby/images/random")
                == "Breed not found (sub breed does not exist)")
        #expect(
            try api.error(prefix + "/breed/tabby/images/random/3")
                == "Breed not found (main breed does not exist)")
    }

    @Test(arguments: prefixes) func randomImagesOverallAreClampedToOneToFifty(prefix: String) throws {
        let one = try #require(try api.message(prefix + "/breeds/image/random") as? String)
        #expect(one.hasPrefix("http://dogs.test:3000/dogceo/breeds/") && one.hasSuffix(".jpg"))
        #expect((try api.message(prefix + "/breeds/image/random/1") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breeds/image/random/3") as? [String])?.count == 3)
        #expect((try api.message(prefix + "/breeds/image/random/50") as? [String])?.count == 50)
        #expect((try api.message(prefix + "/breeds/image/random/51") as? [String])?.count == 50)
        #expect((try api.message(prefix + "/breeds/image/random/0") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breeds/image/random/-7") as? [String])?.count == 1)
        #expect((try api.message(prefix + "/breeds/image/random/x") as? [String])?.count == 1)
    }

    @Test(arguments: prefixes) func altRoutesGiveURLsWithAltText(prefix: String) throws {
        let objects = try #require(
            try api.message(prefix + "/breed/hound/afghan/images/alt") as? [[String: String]])
        #expect(objects.count >= 5)
        #expect(
            objects.allSatisfy { $0["altText"] == "Afghan hound dog" && $0["url"]?.hasSuffix(".jpg") == true }
        )
        let breed = try #require(try api.message(prefix + "/breed/hound/images/alt") as? [[String: String]])
        #expect(breed.contains { $0["altText"] == "Basset hound dog" })
        let beagle = try #require(
            try api.message(prefix + "/breed/beagle/images/random/2/alt") as? [[String: String]])
        #expect(beagle.count == 2 && beagle.allSatisfy { $0["altText"] == "Beagle dog" })
        let sub = try #require(
            try api.message(prefix + "/breed/hound/plott/images/random/3/alt") as? [[String: String]])
        #expect(sub.count == 3 && sub.allSatisfy { $0["altText"] == "Plott hound dog" })
        let overall = try #require(
            try api.message(prefix + "/breeds/image/random/60/alt") as? [[String: String]])
        #expect(overall.count == 50 && overall.allSatisfy { $0["altText"]?.hasSuffix(" dog") == true })
        #expect(
            try api.error(prefix + "/breed/hound/tabby/images/alt")
                == "Breed not found (sub breed does not exist)")
    }

    @Test(arguments: prefixes) func infoRoutesHaveNoInfoFiles(prefix: String) throws {
        #expect(
            try api.error(prefix + "/breed/hound") == "Breed not found (No info file for this breed exists)")
        #expect(
            try api.error(prefix + "/breed/hound/afghan")
                == "Breed not found (No info file for this breed exists)")
        #expect(try api.error(prefix + "/breed/nope") == "Breed not found (main breed does not exist)")
        #expect(try api.error(prefix + "/breed/hound/nope") == "Breed not found (sub breed does not exist)")
    }

    @Test func unknownRoutesGetTheFrameworkTextCutTo128Characters() throws {
        #expect(
            try api.error("/dogceo/api/breeds/lists")
                == #"No route found for "GET http://dogs.test:3000/dogceo/api/breeds/lists" with code: 0"#)
        #expect(try api.error("/dogceo/api").hasPrefix(#"No route found for "GET "#))
        let long = "/dogceo/api/" + String(repeating: "x", count: 200)
        let text = try api.error(long)
        #expect(text.hasSuffix("... with code: 0"))
        #expect(text.count == 128 + 3 + " with code: 0".count)
        #expect(try api.error("/dogceo/api/breed/hound/images/random/3/alt/more").hasPrefix("No route found"))
    }

    @Test func headIsAnsweredLikeGetAndOtherMethodsAreNot() throws {
        let head = api.get("/dogceo/api/breeds/list/all", method: .head)
        #expect(head.status == .ok)
        #expect(head.headers["Content-Type"] == "application/json")
        #expect(api.get("/dogceo/api/breeds/list/all", method: .post).status == .methodNotAllowed)
    }

    @Test func urlsFollowHostOrPublicURL() throws {
        let urls = try #require(
            try api.message("/dogceo/api/breed/beagle/images", host: "10.0.0.7:8080") as? [String])
        #expect(urls.allSatisfy { $0.hasPrefix("http://10.0.0.7:8080/dogceo/breeds/beagle/") })
        let fixed = DogCeoFixture(publicURL: "https://dogs.example.org/")
        let other = try #require(try fixed.message("/dogceo/api/breed/beagle/images") as? [String])
        #expect(other.allSatisfy { $0.hasPrefix("https://dogs.example.org/dogceo/breeds/beagle/") })
    }

    @Test func pictureFilesAreDrawnPerFileNameAndCached() throws {
        let urls = try #require(try api.message("/dogceo/api/breed/dachshund/images") as? [String])
        let path = String(urls[0].dropFirst("http://dogs.test:3000".count))
        let first = api.get(path)
        #expect(first.status == .ok)
        #expect(first.headers["Content-Type"] == "image/jpeg")
        #expect(first.bodyString.hasPrefix("small long "))
        #expect(api.get(path).body == first.body)
        #expect(api.renders.count == 1)
        let second = api.get(String(urls[1].dropFirst("http://dogs.test:3000".count)))
        #expect(second.body != first.body)
        // The look follows the breed.
        let dane = api.get("/dogceo/breeds/dane-great/x.jpg")
        #expect(dane.bodyString.hasPrefix("giant folded "))
        // Conditional requests.
        let etag = try #require(first.headers["ETag"])
        let again = api.router.respond(
            to: HTTPRequest(
                method: .get, target: path, headers: ["Host": "dogs.test:3000", "If-None-Match": etag]))
        #expect(again.status == .notModified)
        // Any .jpg name in a known folder (a URL copied from the hosted image host) is drawn.
        #expect(api.get("/dogceo/breeds/hound-afghan/n02088094_1003.jpg").status == .ok)
        #expect(api.get("/dogceo/breeds/hound-afghan/n02088094_1003.png").status == .notFound)
        #expect(api.get("/dogceo/breeds/hound-tabby/x.jpg").status == .notFound)
        #expect(api.get("/dogceo/breeds/hound/x.jpg").status == .notFound)
    }

    @Test func pictureSizesAreFixedByTheFileAndBounded() throws {
        for name in ["a.jpg", "b.jpg", "n02088094_1003.jpg", "beagle_1200.jpg"] {
            let variant = TheCatAPIStandIn.fnv1a("beagle/" + name)
            let (width, height) = DogCeoStandIn.size(of: variant)
            #expect(width <= 640 && height <= 640)
            #expect(api.get("/dogceo/breeds/beagle/" + name).bodyString.hasSuffix(" \(width)x\(height)"))
        }
    }
}
