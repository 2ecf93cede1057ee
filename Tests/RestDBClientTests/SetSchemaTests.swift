import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// `RestDBCollection.setSchema(_:)`: restlite's `PUT /rest/<coll>/_meta`.
@Suite struct SetSchemaTests {
    private struct Visit: Codable {
        var id: String?
        var when: Date
        var kg: Double
        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case when, kg
        }
    }

    @Test func setSchemaPutsTheGetShapeAndDecodesTheAnswer() async throws {
        let answer =
            #"{"name":"visits","count":0,"fields":[{"name":"when","type":"date","required":true,"unique":false}]}"#
        let stub = StubServer(.answer(status: 200, body: answer))
        let schema = try await stub.client().collection("visits", of: Visit.self)
            .setSchema([Schema.Field(name: "when", type: "date", required: true)])
        #expect(schema.name == "visits" && schema.fields.map(\.name) == ["when"] && schema.fields[0].required)
        let request = try #require(stub.requests.first)
        #expect(request.method == "PUT")
        #expect(request.url.path == "/rest/visits/_meta")
        #expect(request.header("Content-Type") == "application/json")
        #expect(
            request.bodyText
                == #"{"name":"visits","fields":[{"name":"when","type":"date","required":true,"unique":false}]}"#
        )
    }

    @Test func aNewCollectionGetsItsSchemaAndItsDatesComeBackNormalised() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let visits = live.client().collection("visits", of: Visit.self)
            let schema = try await visits.setSchema([
                Schema.Field(name: "when", type: "date"), Schema.Field(name: "kg", type: "float_number"),
            ])
            #expect(schema.fields.map(\.type) == ["date", "float_number"])
            #expect(try await visits.schema() == schema)
            _ = try await live.client().collection("visits", of: RawVisit.self)
                .create(RawVisit(when: "2004-03-19T15:12:47Z", kg: 2))
            let raw = String(decoding: try await live.rawGet("/rest/visits"), as: UTF8.self)
            #expect(raw.contains(#""when":"2004-03-19T15:12:47.000Z""#), "\(raw)")
            #expect(try await visits.list().first?.kg == 2)
        }
    }

    @Test func aCollectionHoldingDocumentsAnswers409() async throws {
        try await withLiveServer(seed: 2) { live throws in
            let cats = live.client().collection("a3cats", of: Cat.self)
            let conflict = await #expect(throws: RestDBError.self) {
                try await cats.setSchema([Schema.Field(name: "x", type: "text")])
            }
            #expect(serverError(conflict)?.status == 409)
            #expect(serverError(conflict)?.name == "Conflict")
        }
    }

    /// A date written as text, the way a file has it, to see the server normalise it.
    private struct RawVisit: Codable {
        var when: String
        var kg: Double
    }
}
