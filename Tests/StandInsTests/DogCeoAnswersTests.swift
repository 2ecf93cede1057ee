import Foundation
import SocketHTTP
import Testing

@testable import StandIns

/// The answers dog.ceo's routes copy from text written at start are the JSON the envelope
/// writer gives for the same URLs, on any base (one that needs escapes too).
@Suite struct DogCeoAnswersTests {
    let breeds = DogBreeds.shared
    static let hosts = ["dogs.test:3000", #"we"ird\host"#, "h\u{e9}te:8080"]

    /// Every URL of a breed (all its sub-breeds) or of one sub-breed, written the general way.
    func expectedURLs(_ base: String, _ breed: String, _ sub: String?) -> [String] {
        let folders =
            sub.map { [breeds.folders[breeds.folderIndex[breed + "-" + $0]!]] }
            ?? breeds.folders(ofBreed: breed)
        return folders.flatMap { folder in folder.files.map { DogCeoStandIn.url(base, folder.name, $0) } }
    }

    @Test(arguments: hosts) func imageListsOfEveryBreedAndSubBreedAreTheWrittenJSON(host: String) {
        let api = DogCeoFixture()
        let base = "http://" + host
        for breed in breeds.mains {
            var routes: [(String, String?)] = [(breed, nil)]
            routes += (breeds.subs[breed] ?? []).map { (breed, $0) }
            for (main, sub) in routes {
                let path = "/dogceo/api/breed/" + main + (sub.map { "/" + $0 } ?? "") + "/images"
                let urls = expectedURLs(base, main, sub)
                #expect(
                    api.get(path, host: host).body
                        == DogCeoStandIn.successBody(.array(urls.map { .string($0) })), "\(path)")
                #expect(
                    api.get(path + "/alt", host: host).body
                        == DogCeoStandIn.successBody(.array(urls.map(DogCeoStandIn.altObject))), "\(path)/alt"
                )
            }
        }
    }

    @Test(arguments: hosts) func randomAnswersAreWrittenJSONOfKnownURLs(host: String) throws {
        let api = DogCeoFixture()
        let base = "http://" + host
        let all = Set(
            breeds.folders.flatMap { folder in folder.files.map { DogCeoStandIn.url(base, folder.name, $0) } }
        )
        for _ in 0..<20 {
            let one = api.get("/dogceo/api/breeds/image/random", host: host)
            let url = try #require(try api.message("/dogceo/api/breeds/image/random", host: host) as? String)
            #expect(all.contains(url))
            let text = try #require(
                (try JSONSerialization.jsonObject(with: Data(one.body)) as? [String: Any])?["message"]
                    as? String)
            #expect(one.body == DogCeoStandIn.successBody(.string(text)))
            let three = api.get("/dogceo/api/breed/hound/images/random/3", host: host)
            let urls = try #require(
                (try JSONSerialization.jsonObject(with: Data(three.body)) as? [String: Any])?["message"]
                    as? [String])
            #expect(three.body == DogCeoStandIn.successBody(.array(urls.map { .string($0) })))
            let hound = expectedURLs(base, "hound", nil)
            #expect(urls.count == 3 && Set(urls).count == 3 && urls.allSatisfy(hound.contains))
            // Distinct picks keep the list's order.
            #expect(urls == hound.filter(urls.contains))
        }
        let published = DogCeoFixture(publicURL: #"http://pub"lic:1/"#)
        let url = try #require(try published.message("/dogceo/breeds/image/random", host: host) as? String)
        #expect(url.hasPrefix(#"http://pub"lic:1/dogceo/breeds/"#))
    }

    @Test func overallRandomDrawsReachManyFolders() throws {
        let api = DogCeoFixture()
        var folders = Set<String>()
        for _ in 0..<10 {
            let urls = try #require(try api.message("/dogceo/breeds/image/random/50") as? [String])
            #expect(urls.count == 50)
            folders.formUnion(urls.map { $0.split(separator: "/").dropLast().last.map(String.init) ?? "" })
        }
        #expect(folders.count > 100 && folders.isSubset(of: Set(breeds.folders.map(\.name))))
    }
}
