import Foundation
import SocketHTTP
import Testing

@testable import StandIns

/// FoodData Central's `/foods` (several ids at once) and `/foods/list` (the paged, abridged
/// list), and `format` / `nutrients` of `/food/{fdcId}`.
@Suite struct USDAFoodsRouteTests {
    let api = USDAFixture()
    let catalogue = USDAFoodCatalogue.shared

    func array(_ response: HTTPResponse, status: HTTPStatus = .ok) throws -> [[String: Any]] {
        #expect(response.status == status)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    func errorCode(_ response: HTTPResponse) throws -> String? {
        ((try api.object(response, status: .badRequest))["error"] as? [String: Any])?["code"] as? String
    }

    var brandedID: Int { catalogue.foods.first(where: \.branded)!.fdcId }
    var genericID: Int { catalogue.foods.first(where: { !$0.branded })!.fdcId }

    @Test func severalFoodsByIdInTheOrderAskedFullByDefault() throws {
        let ids = [brandedID, genericID]
        let foods = try array(api.get("/usda/fdc/v1/foods?fdcIds=\(ids[0]),\(ids[1])&api_key=K"))
        try #require(foods.compactMap { $0["fdcId"] as? Int } == ids)
        // Full format: the same objects as /food/{fdcId}.
        for (food, id) in zip(foods, ids) {
            let single = try api.object(api.get("/usda/fdc/v1/food/\(id)"))
            #expect(NSDictionary(dictionary: food) == NSDictionary(dictionary: single))
        }
        #expect(foods[0]["labelNutrients"] is [String: Any] && foods[1]["foodPortions"] is [Any])
        // Repeated parameters, unknown and malformed ids left out, duplicates once.
        let mixed = try array(
            api.get(
                "/usda/fdc/v1/foods?fdcIds=\(ids[1])&fdcIds=99&fdcIds=abc&fdcIds=\(ids[1])&fdcIds=\(ids[0])"))
        #expect(mixed.compactMap { $0["fdcId"] as? Int } == [ids[1], ids[0]])
        #expect(try array(api.get("/usda/fdc/v1/foods?fdcIds=1,2,3")).isEmpty)

        let posted = try array(api.post("/usda/fdc/v1/foods", #"{"fdcIds":[\#(ids[0]),"\#(ids[1])"]}"#))
        #expect(posted.compactMap { $0["fdcId"] as? Int } == ids)
    }

    @Test func abridgedFormatAndNutrientFilter() throws {
        let foods = try array(
            api.get("/usda/fdc/v1/foods?fdcIds=\(brandedID),\(genericID)&format=abridged&nutrients=203,204"))
        try #require(foods.count == 2)
        let branded = foods[0]
        #expect(
            Set(branded.keys) == [
                "fdcId", "description", "dataType", "publicationDate", "brandOwner", "gtinUpc",
                "foodNutrients",
            ])
        #expect(branded["dataType"] as? String == "Branded")
        #expect((branded["publicationDate"] as? String)?.count == 10)
        let nutrients = try #require(branded["foodNutrients"] as? [[String: Any]])
        #expect(nutrients.compactMap { $0["number"] as? String } == ["203", "204"])
        #expect(nutrients[0]["name"] as? String == "Protein" && nutrients[0]["unitName"] as? String == "G")
        #expect(nutrients[0]["amount"] is Double && nutrients[0]["derivationCode"] as? String == "LCCS")
        let generic = foods[1]
        #expect(generic["dataType"] as? String == "SR Legacy" && generic["ndbNumber"] is String)
        #expect(generic["brandOwner"] == nil)

        // A number no food has gives empty nutrients; the full format filters its nutrients too.
        let none = try array(api.get("/usda/fdc/v1/foods?fdcIds=\(genericID)&format=abridged&nutrients=999"))
        #expect((none.first?["foodNutrients"] as? [Any])?.isEmpty == true)
        let full = try array(
            api.post("/usda/fdc/v1/foods", #"{"fdcIds":[\#(genericID)],"format":"full","nutrients":[208]}"#))
        let fullNutrients = try #require(full.first?["foodNutrients"] as? [[String: Any]])
        #expect(fullNutrients.count == 1)
        #expect((fullNutrients[0]["nutrient"] as? [String: Any])?["number"] as? String == "208")
        let one = try api.object(api.get("/usda/fdc/v1/food/\(genericID)?format=abridged&nutrients=208"))
        #expect((one["foodNutrients"] as? [[String: Any]])?.count == 1 && one["ndbNumber"] is String)
    }

    @Test func foodsRefusesMissingTooManyAndMalformed() throws {
        #expect(try errorCode(api.get("/usda/fdc/v1/foods")) == "BAD_REQUEST")
        #expect(try errorCode(api.post("/usda/fdc/v1/foods", "{}")) == "BAD_REQUEST")
        #expect(try errorCode(api.post("/usda/fdc/v1/foods", "not json")) == "BAD_REQUEST")
        let twenty = (0..<20).map { String(catalogue.foods[$0].fdcId) }.joined(separator: ",")
        #expect(try array(api.get("/usda/fdc/v1/foods?fdcIds=" + twenty)).count == 20)
        #expect(try errorCode(api.get("/usda/fdc/v1/foods?fdcIds=" + twenty + ",1")) == "BAD_REQUEST")
        #expect(try errorCode(api.get("/usda/fdc/v1/foods?fdcIds=\(genericID)&format=tiny")) == "BAD_REQUEST")
        let many = (1...26).map(String.init).joined(separator: ",")
        #expect(
            try errorCode(api.get("/usda/fdc/v1/foods?fdcIds=\(genericID)&nutrients=" + many))
                == "BAD_REQUEST")
        #expect(try errorCode(api.get("/usda/fdc/v1/foods?fdcIds=\(genericID)&nutrients=x")) == "BAD_REQUEST")
        #expect(try errorCode(api.get("/usda/fdc/v1/food/\(genericID)?format=tiny")) == "BAD_REQUEST")
        // `/foods` is not read as the id of one food.
        #expect(api.get("/usda/fdc/v1/foods?fdcIds=\(genericID)").status == .ok)
    }

    @Test func keysAreCheckedOnTheNewRoutesWhenSwitchedOn() throws {
        let checked = USDAFixture(requireKey: true)
        for target in ["/usda/fdc/v1/foods?fdcIds=\(genericID)", "/usda/fdc/v1/foods/list"] {
            #expect(checked.get(target).status == .forbidden)
            #expect(
                checked.get(target + (target.contains("?") ? "&" : "?") + "api_key=DEMO_KEY").status == .ok)
        }
    }

    @Test func listPagesTheCatalogueAbridgedByFdcId() throws {
        let first = try array(api.get("/usda/fdc/v1/foods/list?api_key=K"))
        #expect(first.count == 50)
        let ids = first.compactMap { $0["fdcId"] as? Int }
        #expect(ids == Array(catalogue.foods.prefix(50).map(\.fdcId)) && ids == ids.sorted())
        #expect(
            first.allSatisfy { ($0["foodNutrients"] as? [Any])?.count == 14 && $0["labelNutrients"] == nil })
        let second = try array(api.get("/usda/fdc/v1/foods/list?pageSize=10&pageNumber=2"))
        #expect(second.compactMap { $0["fdcId"] as? Int } == Array(catalogue.foods[10..<20].map(\.fdcId)))
        // pageSize is kept within 1…200; a page past the end is empty.
        #expect(try array(api.get("/usda/fdc/v1/foods/list?pageSize=1000")).count == 200)
        #expect(try array(api.get("/usda/fdc/v1/foods/list?pageSize=0")).count == 1)
        #expect(try array(api.get("/usda/fdc/v1/foods/list?pageNumber=0&pageSize=3")).count == 3)
        #expect(try array(api.get("/usda/fdc/v1/foods/list?pageSize=200&pageNumber=1000")).isEmpty)
        let last = (catalogue.foods.count + 199) / 200
        #expect(
            try array(api.get("/usda/fdc/v1/foods/list?pageSize=200&pageNumber=\(last)")).count
                == catalogue.foods.count - (last - 1) * 200)
    }

    @Test func listFiltersByDataTypeAndSorts() throws {
        let branded = try array(api.get("/usda/fdc/v1/foods/list?dataType=Branded&pageSize=200"))
        #expect(branded.count == 200 && branded.allSatisfy { $0["dataType"] as? String == "Branded" })
        #expect(branded.allSatisfy { $0["brandOwner"] is String && $0["gtinUpc"] is String })
        let generic = try array(
            api.get("/usda/fdc/v1/foods/list?dataType=SR%20Legacy&pageSize=200&pageNumber=4"))
        let genericCount = catalogue.foods.filter { !$0.branded }.count
        #expect(generic.count == genericCount - 600)
        #expect(try array(api.get("/usda/fdc/v1/foods/list?dataType=Foundation")).isEmpty)

        let byName = try array(
            api.get("/usda/fdc/v1/foods/list?sortBy=lowercaseDescription.keyword&sortOrder=asc&pageSize=200"))
        let names = byName.compactMap { ($0["description"] as? String)?.lowercased() }
        #expect(names.count == 200 && names == names.sorted())
        let byIdDescending = try array(
            api.get("/usda/fdc/v1/foods/list?sortBy=fdcId&sortOrder=desc&pageSize=5"))
        #expect(
            byIdDescending.compactMap { $0["fdcId"] as? Int }
                == Array(catalogue.foods.map(\.fdcId).sorted(by: >).prefix(5)))
        let byDate = try array(
            api.get("/usda/fdc/v1/foods/list?sortBy=publishedDate&sortOrder=desc&pageSize=200"))
        let dates = byDate.compactMap { $0["publicationDate"] as? String }
        #expect(dates == dates.sorted(by: >))

        let posted = try array(
            api.post(
                "/usda/fdc/v1/foods/list",
                #"{"dataType":["SR Legacy"],"pageSize":3,"pageNumber":2,"sortBy":"fdcId","sortOrder":"desc"}"#
            ))
        let genericIDs = catalogue.foods.filter { !$0.branded }.map(\.fdcId).sorted(by: >)
        #expect(posted.compactMap { $0["fdcId"] as? Int } == Array(genericIDs[3..<6]))
        #expect(try array(api.post("/usda/fdc/v1/foods/list", "")).count == 50)
        #expect(try errorCode(api.post("/usda/fdc/v1/foods/list", "[1")) == "BAD_REQUEST")
    }
}
