import Foundation
import SocketHTTP
import Testing

@testable import StandIns

/// The USDA stand-in on a frozen router, answered in-process.
struct USDAFixture {
    let router: FrozenRouter

    init(requireKey: Bool = false) {
        var router = Router()
        USDAStandIn(requireKey: requireKey).register(on: &router)
        self.router = router.freeze()
    }

    func get(_ target: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: .get, target: target, headers: headers))
    }

    func post(_ target: String, _ body: String) -> HTTPResponse {
        var request = HTTPRequest(
            method: .post, target: target, headers: ["Content-Type": "application/json"])
        request.body = Array(body.utf8)
        return router.respond(to: request)
    }

    func object(_ response: HTTPResponse, status: HTTPStatus = .ok) throws -> [String: Any] {
        #expect(response.status == status)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// The `list` of an NDB search.
    func ndb(_ query: String) throws -> [String: Any] {
        try #require(try object(get("/usda/ndb/search/?" + query))["list"] as? [String: Any])
    }

    func names(_ query: String) throws -> [String] {
        (try ndb(query)["item"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
}

@Suite struct USDACatalogueTests {
    let catalogue = USDAFoodCatalogue.shared

    @Test func severalThousandFoodsGenericAndBrandedSameEveryRun() {
        #expect(catalogue.foods.count >= 3000)
        let generic = catalogue.foods.filter { !$0.branded }
        let branded = catalogue.foods.filter(\.branded)
        #expect(generic.count >= 500 && branded.count >= 2500)
        #expect(Set(catalogue.foods.map(\.fdcId)).count == catalogue.foods.count)
        #expect(Set(catalogue.foods.map(\.ndbno)).count == catalogue.foods.count)
        #expect(generic.allSatisfy { $0.ndbno.count == 5 && $0.manufacturer == nil && $0.ingredients == nil })
        #expect(branded.allSatisfy { $0.ndbno.count == 8 && $0.ndbno.hasPrefix("45") })
        #expect(branded.allSatisfy { $0.name == $0.description + ", UPC: " + ($0.gtinUpc ?? "") })
        #expect(branded.allSatisfy { ($0.gtinUpc?.count ?? 0) == 12 && $0.manufacturer != nil })
        #expect(Set(branded.compactMap(\.manufacturer)).count >= 30)
        #expect(catalogue.foods.allSatisfy { $0.nutrients.count == USDAFoodTables.nutrients.count })
        #expect(catalogue.foods.allSatisfy { $0.servingSize > 0 && $0.nutrients.allSatisfy { $0 >= 0 } })
        let again = USDAFoodCatalogue()
        #expect(again.foods.map(\.name) == catalogue.foods.map(\.name))
        #expect(again.foods.map(\.nutrients) == catalogue.foods.map(\.nutrients))
    }

    @Test func upcCodesCarryAValidCheckDigit() {
        for food in catalogue.foods.filter(\.branded).prefix(200) {
            let digits = (food.gtinUpc ?? "").compactMap(\.wholeNumberValue)
            let sum = digits.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 3 : 1) * $1.element }
            #expect(sum % 10 == 0, "\(food.gtinUpc ?? "")")
        }
    }

    @Test func wordsAreSingularLowerCase() {
        #expect(USDAFoodCatalogue.searchWords("Apples, raw, with skin") == ["apple", "raw", "with", "skin"])
        #expect(USDAFoodCatalogue.searchWords("PEACHES & Berries") == ["peach", "berry"])
        #expect(USDAFoodCatalogue.searchWords("Cheese, swiss") == ["cheese", "swiss"])
    }
}

@Suite struct USDANDBSearchTests {
    let api = USDAFixture()

    @Test func theCourseQueryFindsNaturalPeanutButterFirst() throws {
        let list = try api.ndb("max=25&api_key=KEY&q=butter%20peanut%20natural")
        let text = api.get("/usda/ndb/search/?max=25&api_key=KEY&q=butter%20peanut%20natural").bodyString
        #expect(
            text.hasPrefix(
                #"{"list":{"q":"butter peanut natural","sr":"1","ds":"any","start":0,"end":25,"total":"#))
        #expect(list["group"] as? String == "" && list["sort"] as? String == "r")
        let items = try #require(list["item"] as? [[String: Any]])
        #expect(items.count == 25)
        let total = try #require(list["total"] as? Int)
        #expect(total > 100)
        for (index, item) in items.enumerated() {
            #expect(item["offset"] as? Int == index)
            #expect(item["ndbno"] is String && item["manu"] is String && item["group"] is String)
            #expect(Set(item.keys) == ["offset", "group", "name", "ndbno", "ds", "manu"])
        }
        #expect(
            keyOrder(ofFirstObjectIn: text, after: #""item":["#) == [
                "offset", "group", "name", "ndbno", "ds", "manu",
            ])
        // All three words first, in shorter-name order.
        let names = items.compactMap { $0["name"] as? String }
        let allThree = names.prefix { name in
            ["butter", "peanut", "natural"].allSatisfy { name.lowercased().contains($0) }
        }
        #expect(allThree.count >= 10)
        let lengths = allThree.map { $0.split(separator: ",")[0].count }
        #expect(lengths == lengths.sorted())
        let branded = try #require(items.first)
        #expect(
            branded["ds"] as? String == "LI"
                && branded["group"] as? String == "Branded Food Products Database")
        #expect((branded["name"] as? String)?.contains(", UPC: ") == true)
    }

    @Test func moreTermsRankAboveFewerTerms() throws {
        let names = try api.names("q=butter%20peanut%20natural&max=1500")
        let counts = names.map { name in
            ["butter", "peanut", "natural"].filter { USDAFoodCatalogue.searchWords(name).contains($0) }.count
        }
        #expect(counts.first == 3)
        #expect(counts == counts.sorted(by: >))
        #expect(counts.contains(2) && counts.contains(1))
    }

    @Test func cheddarCheeseAndAppleReturnSensibleFoods() throws {
        let cheddar = try api.names("q=cheddar%20cheese&max=10")
        #expect(cheddar.first == "Cheese, cheddar")
        #expect(
            cheddar.allSatisfy { $0.lowercased().contains("cheddar") && $0.lowercased().contains("chees") })
        let apple = try api.names("q=apple&max=10")
        #expect(apple.allSatisfy { $0.lowercased().contains("apple") })
        let generic = try api.names("q=apple&max=10&ds=Standard%20Reference")
        #expect(generic.contains("Apples, raw, with skin"))
        #expect(try api.names("q=APPLES&max=10") == apple)
    }

    @Test func genericFoodsHaveStandardReferenceFields() throws {
        let items = try #require(
            try api.ndb("q=apples%20raw%20skin&ds=Standard%20Reference&max=5")["item"] as? [[String: Any]])
        let apple = try #require(items.first)
        #expect(apple["ds"] as? String == "SR")
        #expect(apple["manu"] as? String == "none")
        #expect(apple["group"] as? String == "Fruits and Fruit Juices")
        #expect(
            (apple["ndbno"] as? String)?.hasPrefix("09") == true && (apple["ndbno"] as? String)?.count == 5)
        #expect(try api.ndb("q=apple&ds=Standard%20Reference")["ds"] as? String == "Standard Reference")
        let sr = try #require(
            try api.ndb("q=butter&ds=Standard%20Reference&max=100")["item"] as? [[String: Any]])
        #expect(sr.allSatisfy { $0["ds"] as? String == "SR" })
        let li = try #require(
            try api.ndb("q=butter&ds=Branded%20Food%20Products&max=100")["item"] as? [[String: Any]])
        #expect(li.allSatisfy { $0["ds"] as? String == "LI" })
        let group = try api.ndb("q=raw&fg=Fruits%20and%20Fruit%20Juices&max=200")
        #expect(group["group"] as? String == "Fruits and Fruit Juices")
        #expect(
            (group["item"] as? [[String: Any]])?.allSatisfy {
                $0["group"] as? String == "Fruits and Fruit Juices"
            } == true)
    }

    @Test func maxOffsetAndSortPage() throws {
        let all = try api.ndb("q=butter&max=1500")
        let total = try #require(all["total"] as? Int)
        let names = try #require(all["item"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names.count == min(total, 1500))
        let page = try api.ndb("q=butter&max=10&offset=20")
        #expect(page["start"] as? Int == 20 && page["end"] as? Int == 30 && page["total"] as? Int == total)
        let pageItems = try #require(page["item"] as? [[String: Any]])
        #expect(pageItems.compactMap { $0["name"] as? String } == Array(names[20..<30]))
        #expect(pageItems.first?["offset"] as? Int == 20)
        #expect((try api.ndb("q=butter")["item"] as? [Any])?.count == 50)
        #expect((try api.ndb("q=butter&max=0")["item"] as? [Any])?.count == 1)
        #expect((try api.ndb("q=butter&max=99999")["item"] as? [Any])?.count == min(total, 1500))
        #expect((try api.ndb("q=butter&offset=-5")["start"] as? Int) == 0)
        let beyond = try api.ndb("q=butter&offset=\(total + 10)")
        #expect((beyond["item"] as? [Any])?.isEmpty == true && beyond["end"] as? Int == total + 10)
        let byName = try api.ndb("q=butter&sort=n&max=200")
        #expect(byName["sort"] as? String == "n")
        let sortedNames = try #require(byName["item"] as? [[String: Any]]).compactMap {
            ($0["name"] as? String)?.lowercased()
        }
        #expect(sortedNames == sortedNames.sorted())
        #expect(api.get("/usda/ndb/search?q=apple").status == .ok)
    }

    @Test func zeroResultsIsTheErrorsBodyWithStatus200() throws {
        let response = api.get("/usda/ndb/search/?q=zzzzqqq&api_key=K")
        #expect(response.status == .ok)
        #expect(
            response.bodyString
                == #"{"errors":{"error":[{"status":400,"parameter":"results","message":"Your search resulted in zero results.Change your parameters and try again"}]}}"#
        )
    }

    @Test func keysAreCheckedOnlyWhenSwitchedOn() throws {
        #expect(api.get("/usda/ndb/search/?q=apple").status == .ok)
        #expect(api.get("/usda/ndb/search/?q=apple&api_key=bad").status == .ok)
        let checked = USDAFixture(requireKey: true)
        let missing = checked.get("/usda/ndb/search/?q=apple")
        #expect(missing.status == .forbidden)
        #expect(
            missing.bodyString
                == #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied. Get one at https://api.nal.usda.gov:443"}}"#
        )
        let invalid = checked.get("/usda/ndb/search/?q=apple&api_key=short")
        #expect(invalid.status == .forbidden)
        #expect(
            invalid.bodyString
                == #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied. Get one at https://api.nal.usda.gov:443"}}"#
        )
        #expect(checked.get("/usda/ndb/search/?q=apple&api_key=DEMO_KEY").status == .ok)
        let key = String(repeating: "aB3", count: 13) + "x"
        #expect(checked.get("/usda/ndb/search/?q=apple&api_key=\(key)").status == .ok)
        #expect(checked.get("/usda/fdc/v1/food/1", headers: ["X-Api-Key": key]).status == .notFound)
        #expect(checked.get("/usda/fdc/v1/foods/search?query=apple").status == .forbidden)
        #expect(checked.post("/usda/fdc/v1/search", #"{"generalSearchInput":"apple"}"#).status == .forbidden)
    }
}

@Suite struct USDAFoodDataCentralTests {
    let api = USDAFixture()

    @Test func earlySearchHasTheCourseShape() throws {
        let body = try api.object(
            api.post(
                "/usda/fdc/v1/search?api_key=K",
                #"{"generalSearchInput":"butter peanut natural","requireAllWords":true}"#))
        let criteria = try #require(body["foodSearchCriteria"] as? [String: Any])
        #expect(criteria["generalSearchInput"] as? String == "butter peanut natural")
        #expect(criteria["pageNumber"] as? Int == 1 && criteria["requireAllWords"] as? Bool == true)
        let foods = try #require(body["foods"] as? [[String: Any]])
        let total = try #require(body["totalHits"] as? Int)
        #expect(foods.count == min(total, 50) && total >= 2)
        #expect(body["currentPage"] as? Int == 1 && body["totalPages"] as? Int == (total + 49) / 50)
        for food in foods {
            #expect(food["fdcId"] is Int && food["score"] is Double && food["publishedDate"] is String)
            let text = (food["description"] as? String ?? "").lowercased()
            #expect(["butter", "peanut", "natural"].allSatisfy { text.contains($0) })
            #expect(food["dataType"] as? String == "Branded")
            #expect(
                food["brandOwner"] is String && food["ingredients"] is String && food["gtinUpc"] is String)
        }
        let loose = try api.object(
            api.post("/usda/fdc/v1/search", #"{"generalSearchInput":"butter peanut natural"}"#))
        #expect((loose["totalHits"] as? Int ?? 0) > total)
        let page2 = try api.object(
            api.post("/usda/fdc/v1/search", #"{"generalSearchInput":"butter peanut natural","pageNumber":2}"#)
        )
        #expect(page2["currentPage"] as? Int == 2)
        let first = (loose["foods"] as? [[String: Any]])?.compactMap { $0["fdcId"] as? Int } ?? []
        let second = (page2["foods"] as? [[String: Any]])?.compactMap { $0["fdcId"] as? Int } ?? []
        #expect(Set(first).isDisjoint(with: second) && !second.isEmpty)
        let sr = try api.object(
            api.post(
                "/usda/fdc/v1/search",
                #"{"generalSearchInput":"cheddar","includeDataTypes":{"SR Legacy":true,"Branded":false}}"#))
        #expect(
            (sr["foods"] as? [[String: Any]])?.allSatisfy { $0["dataType"] as? String == "SR Legacy" } == true
        )
        let owner = try api.object(
            api.post(
                "/usda/fdc/v1/search", #"{"generalSearchInput":"cheddar cheese","brandOwner":"golden acre"}"#)
        )
        #expect(
            (owner["foods"] as? [[String: Any]])?.allSatisfy {
                $0["brandOwner"] as? String == "Golden Acre Farms"
            } == true)
        #expect(api.post("/usda/fdc/v1/search", "not json").status == .badRequest)
    }

    @Test func currentSearchPagesAndFilters() throws {
        let body = try api.object(
            api.get("/usda/fdc/v1/foods/search?query=cheddar%20cheese&pageSize=5&api_key=K"))
        let foods = try #require(body["foods"] as? [[String: Any]])
        #expect(foods.count == 5)
        #expect(foods.first?["description"] as? String == "Cheese, cheddar")
        let first = try #require(foods.first)
        #expect(first["lowercaseDescription"] as? String == "cheese, cheddar")
        #expect(first["dataType"] as? String == "SR Legacy" && first["ndbNumber"] is String)
        let nutrients = try #require(first["foodNutrients"] as? [[String: Any]])
        #expect(nutrients.count == 14)
        let energy = try #require(nutrients.first)
        #expect(energy["nutrientId"] as? Int == 1008 && energy["nutrientNumber"] as? String == "208")
        #expect(energy["unitName"] as? String == "KCAL" && (energy["value"] as? Double ?? 0) > 300)
        let total = try #require(body["totalHits"] as? Int)
        #expect(body["totalPages"] as? Int == (total + 4) / 5)
        #expect((body["pageList"] as? [Int])?.first == 1)
        let criteria = try #require(body["foodSearchCriteria"] as? [String: Any])
        #expect(criteria["query"] as? String == "cheddar cheese" && criteria["pageSize"] as? Int == 5)
        #expect(body["aggregations"] is [String: Any])

        #expect(
            ((try api.object(api.get("/usda/fdc/v1/foods/search?query=apple")))["foods"] as? [Any])?.count
                == 50)
        #expect(
            ((try api.object(api.get("/usda/fdc/v1/foods/search?query=apple&pageSize=1000")))["foods"]
                as? [Any])?.count == 200)
        let branded = try api.object(
            api.get("/usda/fdc/v1/foods/search?query=apple&dataType=Branded&pageSize=200"))
        #expect(
            (branded["foods"] as? [[String: Any]])?.allSatisfy {
                $0["dataType"] as? String == "Branded" && $0["brandOwner"] is String
            } == true)
        let both = try api.object(
            api.get("/usda/fdc/v1/foods/search?query=apple&dataType=Branded,SR%20Legacy"))
        #expect(
            (both["totalHits"] as? Int) == (try api.object(api.get("/usda/fdc/v1/foods/search?query=apple")))[
                "totalHits"] as? Int)
        let page3 = try api.object(api.get("/usda/fdc/v1/foods/search?query=apple&pageSize=10&pageNumber=3"))
        #expect(page3["currentPage"] as? Int == 3)
        let sorted = try api.object(
            api.get(
                "/usda/fdc/v1/foods/search?query=cheese&sortBy=lowercaseDescription.keyword&sortOrder=asc&pageSize=100"
            ))
        let names =
            (sorted["foods"] as? [[String: Any]])?.compactMap { $0["lowercaseDescription"] as? String } ?? []
        #expect(names == names.sorted() && !names.isEmpty)
        let byId = try api.object(
            api.get("/usda/fdc/v1/foods/search?query=cheese&sortBy=fdcId&sortOrder=desc"))
        let ids = (byId["foods"] as? [[String: Any]])?.compactMap { $0["fdcId"] as? Int } ?? []
        #expect(ids == ids.sorted(by: >))

        let posted = try api.object(
            api.post(
                "/usda/fdc/v1/foods/search",
                #"{"query":"cheddar cheese","pageSize":5,"dataType":["SR Legacy"]}"#))
        #expect(
            (posted["foods"] as? [[String: Any]])?.allSatisfy { $0["dataType"] as? String == "SR Legacy" }
                == true)
        #expect((posted["foods"] as? [Any])?.count == 5)
    }

    @Test func querySyntaxPhrasesRequiredExcludedAndPrefixes() throws {
        func descriptions(_ query: String) throws -> [String] {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let body = try api.object(api.get("/usda/fdc/v1/foods/search?pageSize=200&query=" + encoded))
            return (body["foods"] as? [[String: Any]])?.compactMap {
                ($0["description"] as? String)?.lowercased()
            } ?? []
        }
        let phrase = try descriptions(#""peanut butter""#)
        #expect(!phrase.isEmpty && phrase.allSatisfy { $0.contains("peanut butter") })
        let excluded = try descriptions("peanut -butter")
        #expect(!excluded.isEmpty && excluded.allSatisfy { $0.contains("peanut") && !$0.contains("butter") })
        let required = try descriptions("+natural butter")
        #expect(!required.isEmpty && required.allSatisfy { $0.contains("natural") })
        let prefix = try descriptions("chedd*")
        #expect(!prefix.isEmpty && prefix.allSatisfy { $0.contains("chedd") })
    }

    @Test func oneFoodInBothFormsWithNutrientsAndLabel() throws {
        let search = try api.object(
            api.get("/usda/fdc/v1/foods/search?query=natural%20peanut%20butter&dataType=Branded&pageSize=1"))
        let id = try #require((search["foods"] as? [[String: Any]])?.first?["fdcId"] as? Int)
        let early = api.get("/usda/fdc/v1/\(id)?api_key=K")
        let current = api.get("/usda/fdc/v1/food/\(id)")
        #expect(early.body == current.body)
        let food = try api.object(current)
        #expect(food["fdcId"] as? Int == id && food["dataType"] as? String == "Branded")
        #expect(food["servingSize"] is Double && food["servingSizeUnit"] as? String == "g")
        #expect(food["householdServingFullText"] as? String == "2 Tbsp")
        #expect((food["ingredients"] as? String)?.contains("PEANUTS") == true)
        let label = try #require(food["labelNutrients"] as? [String: [String: Double]])
        #expect(
            Set(label.keys) == [
                "fat", "saturatedFat", "transFat", "cholesterol", "sodium", "carbohydrates", "fiber",
                "sugars", "protein",
                "calcium", "iron", "potassium", "calories",
            ])
        let calories = try #require(label["calories"]?["value"])
        #expect(calories > 150 && calories < 220)
        let nutrients = try #require(food["foodNutrients"] as? [[String: Any]])
        let energy = try #require(
            nutrients.first { ($0["nutrient"] as? [String: Any])?["id"] as? Int == 1008 })
        #expect((energy["nutrient"] as? [String: Any])?["unitName"] as? String == "kcal")
        #expect((energy["nutrient"] as? [String: Any])?["name"] as? String == "Energy")
        #expect(abs((energy["amount"] as? Double ?? 0) * 32 / 100 - calories) < 0.6)

        let generic = try api.object(
            api.get(
                "/usda/fdc/v1/foods/search?query=apples%20raw%20with%20skin&dataType=SR%20Legacy&pageSize=1"))
        let appleID = try #require((generic["foods"] as? [[String: Any]])?.first?["fdcId"] as? Int)
        let apple = try api.object(api.get("/usda/fdc/v1/food/\(appleID)"))
        #expect(apple["description"] as? String == "Apples, raw, with skin")
        #expect(apple["dataType"] as? String == "SR Legacy" && apple["labelNutrients"] == nil)
        #expect(
            (apple["foodCategory"] as? [String: Any])?["description"] as? String == "Fruits and Fruit Juices")
        #expect(apple["ndbNumber"] is Int && (apple["foodPortions"] as? [Any])?.count == 1)

        #expect(api.get("/usda/fdc/v1/food/99").status == .notFound)
        #expect(api.get("/usda/fdc/v1/food/abc").status == .notFound)
        #expect(api.get("/usda/fdc/v1/12").status == .notFound)
    }
}
