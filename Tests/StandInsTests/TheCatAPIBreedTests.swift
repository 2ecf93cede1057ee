import Foundation
import Pictures
import SocketHTTP
import Testing

@testable import StandIns

@Suite struct TheCatAPIBreedTests {
    let api = CatAPIFixture()

    @Test func everyCourseBreedIDResolvesInTheCourseOrder() throws {
        #expect(courseBreedIDs.count == 67)
        let all = try api.array("/thecatapi/v1/breeds")
        #expect(all.compactMap { $0["id"] as? String } == courseBreedIDs)
        for id in courseBreedIDs {
            let one = try #require(try api.json("/thecatapi/v1/breeds/\(id)") as? [String: Any])
            #expect(one["id"] as? String == id)
            #expect((one["name"] as? String)?.isEmpty == false)
            let found = try api.array("/thecatapi/v1/images/search?breed_ids=\(id)")
            #expect(found.count == 1)
            let breeds = try #require(found.first?["breeds"] as? [[String: Any]])
            #expect(breeds.first?["id"] as? String == id)
        }
    }

    @Test func bengalIsSentInTheServiceKeyOrderWithIntegers() {
        let text = api.get("/thecatapi/v1/breeds/beng").bodyString
        #expect(
            keyOrder(ofFirstObjectIn: text) == [
                "weight", "id", "name", "cfa_url", "vetstreet_url", "vcahospitals_url", "temperament",
                "origin",
                "country_codes", "country_code", "description", "life_span", "indoor", "lap", "adaptability",
                "affection_level", "child_friendly", "cat_friendly", "dog_friendly", "energy_level",
                "grooming",
                "health_issues", "intelligence", "shedding_level", "social_needs", "stranger_friendly",
                "vocalisation", "bidability", "experimental", "hairless", "natural", "rare", "rex",
                "suppressed_tail", "short_legs", "wikipedia_url", "hypoallergenic", "reference_image_id",
            ])
        #expect(
            text.hasPrefix(#"{"weight":{"imperial":"6 - 12","metric":"3 - 7"},"id":"beng","name":"Bengal","#))
        #expect(text.contains(#""origin":"United States","country_codes":"US","country_code":"US","#))
        #expect(text.contains(#""life_span":"12 - 15","indoor":0,"lap":0,"adaptability":5,"#))
        #expect(text.contains(#""child_friendly":4,"cat_friendly":4,"dog_friendly":5,"#))
        #expect(text.contains(#""vocalisation":5,"bidability":3,"experimental":0,"#))
        #expect(text.hasSuffix(#""hypoallergenic":1,"reference_image_id":"O3btzLlsO"}"#))
        #expect(!text.contains(".0,") && !text.contains("\": ") && !text.contains("\n"))
    }

    @Test func optionalKeysAppearExactlyWhereTheRealBreedsHaveThem() throws {
        let all = try api.array("/thecatapi/v1/breeds")
        func missing(_ key: String) -> [String] {
            all.filter { $0[key] == nil }.compactMap { $0["id"] as? String }
        }
        #expect(missing("cfa_url").count == 24)
        #expect(missing("vetstreet_url").count == 17)
        #expect(missing("vcahospitals_url").count == 25)
        #expect(missing("lap").count == 20)
        #expect(missing("alt_names") == ["beng", "dons", "kora", "kuri"])
        #expect(missing("wikipedia_url") == ["ebur"])
        #expect(missing("reference_image_id") == ["ebur", "mala"])
        #expect(
            all.filter { $0["cat_friendly"] != nil }.compactMap { $0["id"] as? String } == [
                "beng", "csho", "crex", "dons", "lihu", "ebur", "khao",
            ])
        #expect(
            all.filter { $0["bidability"] != nil }.compactMap { $0["id"] as? String } == ["beng", "csho"])
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0["id"] as! String, $0) })
        #expect(byID["amau"]?["vcahospitals_url"] as? String == "")
        #expect(byID["chee"]?["alt_names"] as? String == "\u{00A0}")
        #expect(byID["java"]?["alt_names"] as? String == "\u{00A0}")
        #expect(byID["sing"]?["country_code"] as? String == "SP")
        #expect(byID["manx"]?["country_code"] as? String == "IM")
        #expect((byID["abys"]?["weight"] as? [String: String])?["imperial"] == "7  -  10")
        #expect(byID["lihu"]?["indoor"] as? Int == 1)
        #expect(all.filter { ($0["indoor"] as? Int) == 1 }.count == 1)
        for breed in all {
            #expect(breed["country_codes"] as? String == breed["country_code"] as? String)
            let description = try #require(breed["description"] as? String)
            #expect(description.count > 40 && description.count < 240)
            #expect((breed["temperament"] as? String)?.contains(",") == true)
        }
    }

    @Test func breedsCarryTheReferenceImageAndPaginate() throws {
        let all = try api.array("/thecatapi/v1/breeds")
        for breed in all {
            let image = breed["image"] as? [String: Any]
            if let reference = breed["reference_image_id"] as? String {
                #expect(image?["id"] as? String == reference)
                let url = try #require(image?["url"] as? String)
                #expect(url.hasPrefix("http://cats.test:3000/thecatapi/images/\(reference)."))
                #expect(image?["width"] is Int && image?["height"] is Int)
            } else {
                #expect(image == nil)
            }
        }
        let text = api.get("/thecatapi/v1/breeds").bodyString
        #expect(keyOrder(ofFirstObjectIn: text).last == "image")
        #expect(keyOrder(ofFirstObjectIn: text, after: #""image":"#) == ["id", "width", "height", "url"])

        let first = api.get("/thecatapi/v1/breeds?limit=10&page=0")
        #expect(first.headers["Pagination-Count"] == "67")
        #expect(first.headers["Pagination-Page"] == "0")
        #expect(first.headers["Pagination-Limit"] == "10")
        #expect(first.headers["Access-Control-Expose-Headers"]?.contains("Pagination-Count") == true)
        let page0 = try api.array("/thecatapi/v1/breeds?limit=10&page=0").compactMap { $0["id"] as? String }
        #expect(page0 == Array(courseBreedIDs.prefix(10)))
        let page6 = try api.array("/thecatapi/v1/breeds?limit=10&page=6").compactMap { $0["id"] as? String }
        #expect(page6 == Array(courseBreedIDs.suffix(7)))
        #expect(try api.array("/thecatapi/v1/breeds?limit=10&page=7").isEmpty)
        #expect(api.get("/thecatapi/v1/breeds").headers["Pagination-Count"] == "67")
    }

    @Test func breedSearchMatchesNamesAndAttachesImagesOnRequest() throws {
        let found = try api.array("/thecatapi/v1/breeds/search?q=air")
        let names = found.compactMap { $0["name"] as? String }
        #expect(names.contains("American Wirehair") && names.contains("British Shorthair"))
        #expect(names.allSatisfy { $0.lowercased().contains("air") })
        #expect(found.allSatisfy { $0["image"] == nil })
        let siamese = try api.array("/thecatapi/v1/breeds/search?q=SIAM&attach_image=1")
        #expect(siamese.compactMap { $0["id"] as? String } == ["siam"])
        #expect((siamese.first?["image"] as? [String: Any])?["id"] as? String == "ai6Jps4sx")
        #expect(try api.array("/thecatapi/v1/breeds/search?q=zebra").isEmpty)
        #expect(try api.array("/thecatapi/v1/breeds/search").isEmpty)
        #expect(api.get("/thecatapi/v1/breeds/search?q=zebra").bodyString == "[]")
    }

    @Test func anUnknownBreedIsAnEmptyObject() {
        let response = api.get("/thecatapi/v1/breeds/zzzz")
        #expect(response.status == .ok)
        #expect(response.bodyString == "{}")
    }

    @Test func categoriesAreTheServiceList() throws {
        let response = api.get("/thecatapi/v1/categories")
        #expect(
            response.bodyString
                == #"[{"id":5,"name":"boxes"},{"id":15,"name":"clothes"},{"id":1,"name":"hats"},"#
                + #"{"id":14,"name":"sinks"},{"id":2,"name":"space"},{"id":4,"name":"sunglasses"},"#
                + #"{"id":7,"name":"ties"}]"#)
        #expect(
            try api.array("/thecatapi/v1/categories?limit=2&page=1").compactMap { $0["id"] as? Int } == [
                1, 14,
            ])
    }

    @Test func breedLooksFollowTheBreeds() {
        func look(_ id: String) -> CatAppearance? { CatBreed.all.first { $0.id == id }?.look }
        for id in ["sphy", "dons", "bamb"] { #expect(look(id)?.pattern == .hairless) }
        for id in ["siam", "bali", "hima", "birm", "ragd", "snow"] { #expect(look(id)?.pattern == .pointed) }
        for id in ["beng", "emau", "ocic"] { #expect(look(id)?.pattern == .spotted) }
        #expect(look("sfol")?.foldedEars == true)
        for id in ["manx", "jbob", "abob", "pixi", "cymr", "kuri"] { #expect(look(id)?.shortTail == true) }
        for id in ["pers", "mcoo", "norw", "sibe", "ragd"] { #expect(look(id)?.longHair == true) }
        #expect(look("siam")?.longHair == false && look("asho")?.shortTail == false)
    }

    @Test func theJSONWriterEscapesAndKeepsOrder() {
        let value = OrderedJSON.object([
            ("z", .string("a\"b\\c\n\u{01}é")), ("a", .array([.int(-3), .int(0)])), ("m", .object([])),
        ])
        #expect(value.text == #"{"z":"a\"b\\c\n\u0001é","a":[-3,0],"m":{}}"#)
    }
}
