import DocumentJSON
import DocumentStore
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

@Suite struct ParameterPrecedenceTests {
    let api: TestAPI

    init() throws {
        api = try TestAPI()
        try api.seedCats(6)
    }

    @Test func hintsOverrideThePlainParametersAsInRestdb() throws {
        let response = api.request(
            .get, #"/rest/a3cats?max=5&h={"$max":2,"$orderby":{"rating":-1}}&sort=rating"#)
        let items = try #require(try response.json().arrayValue)
        #expect(items.count == 2)
        #expect(items.map { $0["rating"] } == [5, 4])
    }

    @Test func groupbyRefusesFieldNamesTheQueryLanguageRefuses() throws {
        let response = api.request(.get, "/rest/a3cats?groupby=owner..name&aggregate=COUNT:n")
        #expect(response.status == .badRequest)
        #expect(try response.json()["message"]?.stringValue?.contains("groupby") == true)
    }

    @Test func aggregateRefusesATermThatNamesNoFunctionAndField() throws {
        let response = api.request(.get, "/rest/a3cats?groupby=rating&aggregate=SUM")
        #expect(response.status == .badRequest)
        #expect(
            try response.json()["message"]?.stringValue
                == "'SUM' is not an aggregate; write FUNCTION:field with SUM, AVG, MIN, MAX or COUNT.")
    }

    @Test func deleteStarWithoutBodyAsksForAnArrayOfIds() throws {
        let response = api.request(.delete, "/rest/a3cats/*", headers: ["Content-Type": "application/json"])
        #expect(response.status == .badRequest)
        #expect(try response.json()["message"]?.stringValue?.contains("array of ids") == true)
    }

    @Test func protocolErrorsUseTheRestdbShapeWithCORS() throws {
        let response = RestAPI.protocolErrorResponse(.payloadTooLarge, "The body is larger than 16 MiB.")
        #expect(response.status.code == 413)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let body = try response.json()
        #expect(body["name"] == "PayloadTooLarge")
        #expect(body["status"] == 413)
        #expect(body["message"] == "The body is larger than 16 MiB.")
    }
}
