import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// What the client sends for each method, and how it reads restdb's answers.
@Suite struct CollectionRequestTests {
    private let id = "5dbb1b3e8a1f2c0012345678"

    @Test func listSendsAGetWithTheKeyAndDecodesABareArray() async throws {
        let stub = StubServer(.answer(status: 200, body: "[\(Cat.felixJSON)]"))
        let cats = try await stub.client().collection("a3cats", of: Cat.self).list()
        #expect(cats.map(\.catName) == ["Felis catus"])
        #expect(cats.first?.id == id)
        #expect(cats.first?.birthDate == Cat.felix.birthDate)
        let request = try #require(stub.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "\(stub.baseURL)/rest/a3cats")
        #expect(request.header("x-apikey") == "5d9f48133cbe87164d4bb12c")
        #expect(request.header("Content-Type") == nil)
    }

    @Test func listSendsQueryHintsAndFilter() async throws {
        let stub = StubServer(.answer(status: 200, body: "[]"))
        let cats = stub.client().collection("a3cats", of: Cat.self)
        _ = try await cats.list(
            .where("rating", .gte(4)),
            sort: [.descending("rating")],
            skip: 2,
            max: 3,
            fields: .include(["catName"]),
            filter: "ann"
        )
        let url = try #require(stub.requests.first?.url)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        let items = components.queryItems ?? []
        #expect(items.map(\.name) == ["q", "h", "filter"])
        #expect(items[0].value == #"{"rating":{"$gte":4}}"#)
        #expect(items[1].value == #"{"$orderby":{"rating":-1},"$fields":{"catName":1},"$max":3,"$skip":2}"#)
        #expect(items[2].value == "ann")
    }

    @Test func pageAsksForTotalsAndDecodesThem() async throws {
        let body = #"{"data":[\#(Cat.felixJSON)],"totals":{"total":100,"count":1,"skip":5,"max":1}}"#
        let stub = StubServer(.answer(status: 200, body: body))
        let page = try await stub.client().collection("a3cats", of: Cat.self).page(skip: 5, max: 1)
        #expect(page.data.count == 1)
        let totals = page.totals
        #expect([totals.total, totals.count, totals.skip, totals.max] as [Int] == [100, 1, 5, 1])
        #expect(stub.requests.first?.url.query?.hasSuffix("totals=true") == true)
    }

    @Test func getFetchesOneByID() async throws {
        let stub = StubServer(.answer(status: 200, body: Cat.felixJSON))
        let cat = try await stub.client().collection("a3cats", of: Cat.self).get(id)
        #expect(cat.ownerName == "Ann Lee")
        #expect(stub.requests.first?.method == "GET")
        #expect(stub.requests.first?.url.path == "/rest/a3cats/\(id)")
    }

    @Test func createPostsJSONWithoutIDAndDatesInRestdbForm() async throws {
        let stub = StubServer(.answer(status: 201, body: Cat.felixJSON))
        let saved = try await stub.client().collection("a3cats", of: Cat.self).create(.felix)
        #expect(saved.id == id)
        let request = try #require(stub.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/rest/a3cats")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.bodyText?.contains(#""birthDate":"2008-11-14T09:53:37.000Z""#) == true)
        #expect(request.bodyText?.contains("_id") == false)
        #expect(
            jsonObject(request.bodyText)
                == jsonObject(Cat.felixJSON.replacingOccurrences(of: #""_id":"\#(id)","#, with: "")))
    }

    @Test func createManyPostsAnArray() async throws {
        let stub = StubServer(.answer(status: 201, body: "[\(Cat.felixJSON),\(Cat.felixJSON)]"))
        let saved = try await stub.client().collection("a3cats", of: Cat.self).create(contentsOf: [
            .felix, .felix,
        ])
        #expect(saved.count == 2)
        let body = try #require(jsonObject(stub.requests.first?.bodyText) as? [Any])
        #expect(body.count == 2)
        #expect(stub.requests.first?.method == "POST")
    }

    @Test func updateWithAPartialValuePutsOnlyItsFields() async throws {
        struct CatEdit: Encodable {
            var ownerName: String
            var rating: Int
        }
        let stub = StubServer(.answer(status: 200, body: Cat.felixJSON))
        let cats = stub.client().collection("a3cats", of: Cat.self)
        _ = try await cats.update(id, with: CatEdit(ownerName: "Bo", rating: 2))
        let request = try #require(stub.requests.first)
        #expect(request.method == "PUT")
        #expect(request.url.path == "/rest/a3cats/\(id)")
        #expect(request.header("Content-Type") == "application/json")
        #expect(jsonObject(request.bodyText) == jsonObject(#"{"ownerName":"Bo","rating":2}"#))
    }

    @Test func updateWithOperatorsPutsTheOperatorBody() async throws {
        let stub = StubServer(.answer(status: 200, body: Cat.felixJSON))
        let cats = stub.client().collection("a3cats", of: Cat.self)
        _ = try await cats.update(id, .increment("rating"), .set("ownerName", "Bo"))
        #expect(stub.requests.first?.bodyText == #"{"$inc":{"rating":1},"$set":{"ownerName":"Bo"}}"#)
        #expect(stub.requests.first?.method == "PUT")
    }

    @Test func deleteOneReturnsTheDeletedIDs() async throws {
        let stub = StubServer(.answer(status: 200, body: #"{"result":["\#(id)"]}"#))
        let deleted = try await stub.client().collection("a3cats", of: Cat.self).delete(id)
        #expect(deleted == [id])
        let request = try #require(stub.requests.first)
        #expect(request.method == "DELETE")
        #expect(request.url.path == "/rest/a3cats/\(id)")
        #expect(request.header("Content-Type") == "application/json")
    }

    @Test func deleteManyByIDsSendsThemToStar() async throws {
        let stub = StubServer(.answer(status: 200, body: #"{"result":["a","b"]}"#))
        let deleted = try await stub.client().collection("a3cats", of: Cat.self).delete(ids: ["a", "b"])
        #expect(deleted == ["a", "b"])
        #expect(stub.requests.first?.url.absoluteString == "\(stub.baseURL)/rest/a3cats/*")
        #expect(stub.requests.first?.bodyText == #"["a","b"]"#)
    }

    @Test func deleteMatchingSendsTheQuery() async throws {
        let stub = StubServer(.answer(status: 200, body: #"{"result":["a"]}"#))
        let cats = stub.client().collection("a3cats", of: Cat.self)
        _ = try await cats.delete(matching: .where("rating", .lt(2)))
        #expect(
            stub.requests.first?.url.absoluteString
                == "\(stub.baseURL)/rest/a3cats/*?q=%7B%22rating%22%3A%7B%22%24lt%22%3A2%7D%7D"
        )
        #expect(stub.requests.first?.method == "DELETE")
    }

    @Test func collectionsReadsMeta() async throws {
        let stub = StubServer(
            .answer(status: 200, body: #"{"collections":[{"name":"a3cats"},{"name":"owners"}]}"#))
        #expect(try await stub.client().collections() == ["a3cats", "owners"])
        #expect(stub.requests.first?.url.path == "/rest/_meta")
    }

    @Test func schemaReadsTheCollectionMeta() async throws {
        let body =
            #"{"name":"a3cats","fields":[{"name":"birthDate","type":"date","required":false,"unique":false},"#
            + #"{"name":"rating","type":"number","required":true}]}"#
        let stub = StubServer(.answer(status: 200, body: body))
        let schema = try await stub.client().collection("a3cats", of: Cat.self).schema()
        #expect(schema.name == "a3cats")
        #expect(schema.fields.map(\.type) == ["date", "number"])
        #expect(schema.fields[1].required && !schema.fields[1].unique)
        #expect(stub.requests.first?.url.path == "/rest/a3cats/_meta")
    }
}
