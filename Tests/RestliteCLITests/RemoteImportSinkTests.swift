import DataTransfer
import DocumentStore
import Foundation
import RestDBClient
import RestLiteTesting
import Testing

@testable import restlite

/// `restlite import --url`: what the remote sink sends through `RestDBClient`, checked against
/// the in-process URLProtocol stub.
@Suite struct RemoteImportSinkTests {
    private static let notFound = StubServer.Reply.answer(
        status: 404, body: #"{"name":"NotFound","message":"No collection cats","status":404}"#)
    private static let catsSchema = StubServer.Reply.answer(
        status: 200,
        body:
            #"{"name":"cats","count":7,"fields":[{"name":"name","type":"text"},{"name":"kg","type":"float_number"}]}"#
    )

    private static let schemaSet = StubServer.Reply.answer(
        status: 200,
        body:
            #"{"name":"cats","count":0,"fields":[{"name":"name","type":"text"},{"name":"kg","type":"float_number"}]}"#
    )

    /// Five rows on lines 2-6; `kg` literals with trailing zeros must reach the server as written.
    private static let file = """
        [
        {"name":"Tom","kg":4.50},
        {"name":"Ann","kg":3.25},
        {"name":"Bob","kg":5.10},
        {"name":"Eve","kg":2.00},
        {"name":"Kit","kg":1.75}
        ]
        """

    private static func stored(_ count: Int) -> StubServer.Reply {
        let ids = (0..<count).map { #"{"_id":"5dbb1b3e8a1f2c00123456\#(String(format: "%02d", $0))"}"# }
        return .answer(status: 201, body: "[" + ids.joined(separator: ",") + "]")
    }

    private func run(_ stub: StubServer, replace: Bool = false, batch: Int = 2) async throws -> ImportSummary
    {
        let importer = Importer(
            options: ImportOptions(collection: "cats", replace: replace, batchSize: batch))
        return try await importer.run(
            bytes: Array(Self.file.utf8), file: "cats.json", into: RemoteImportSink(client: stub.client()))
    }

    @Test func batchesArePostedInFileOrderWithTheFileBytes() async throws {
        let stub = StubServer(Self.notFound, Self.schemaSet, Self.stored(2), Self.stored(2), Self.stored(1))
        let summary = try await run(stub)
        #expect(summary.rows == 5 && summary.inferred)
        let requests = stub.requests
        #expect(requests.map(\.method) == ["GET", "PUT", "POST", "POST", "POST"])
        #expect(requests[0].url.path == "/rest/cats/_meta")
        #expect(requests.dropFirst(2).allSatisfy { $0.url.path == "/rest/cats" })
        #expect(
            requests.dropFirst(2).map(\.bodyText) == [
                #"[{"name":"Tom","kg":4.50},{"name":"Ann","kg":3.25}]"#,
                #"[{"name":"Bob","kg":5.10},{"name":"Eve","kg":2.00}]"#,
                #"[{"name":"Kit","kg":1.75}]"#,
            ])
        #expect(requests.allSatisfy { $0.header("x-apikey") == "5d9f48133cbe87164d4bb12c" })
    }

    @Test func replaceDeletesEveryDocumentBeforeTheFirstBatch() async throws {
        let stub = StubServer(
            Self.catsSchema, .answer(status: 200, body: #"{"result":["5dbb1b3e8a1f2c0012345600"]}"#),
            Self.stored(5))
        let summary = try await run(stub, replace: true, batch: 10)
        #expect(!summary.inferred && summary.fields.map(\.description) == ["name: text", "kg: float_number"])
        let requests = stub.requests
        #expect(requests.map(\.method) == ["GET", "DELETE", "POST"])
        #expect(requests[1].url.path == "/rest/cats/*")
        let query = URLComponents(url: requests[1].url, resolvingAgainstBaseURL: false)?.queryItems
        #expect(query?.map(\.name) == ["q"] && query?.first?.value == "{}")
    }

    @Test func aNewCollectionGetsTheInferredSchemaBeforeTheFirstBatch() async throws {
        let stub = StubServer(Self.notFound, Self.schemaSet, Self.stored(5))
        let summary = try await run(stub, replace: true, batch: 5)
        #expect(summary.rows == 5)
        #expect(
            stub.requests.map(\.method) == ["GET", "PUT", "POST"], "a new collection has nothing to delete")
        let put = stub.requests[1]
        #expect(put.url.path == "/rest/cats/_meta")
        #expect(
            put.bodyText
                == #"{"name":"cats","fields":[{"name":"name","type":"text","required":false,"unique":false},"#
                + #"{"name":"kg","type":"float_number","required":false,"unique":false}]}"#)
    }

    @Test func aRefusedSchemaSendsNoBatch() async throws {
        let conflict = StubServer.Reply.answer(
            status: 409,
            body: #"{"name":"Conflict","message":"Collection 'cats' holds 2 documents","status":409}"#)
        let stub = StubServer(Self.notFound, conflict)
        let error = await #expect(throws: RestDBError.self) { try await run(stub) }
        #expect(error?.status == 409)
        #expect(stub.requests.map(\.method) == ["GET", "PUT"])
    }

    @Test func aBatchRefusedMidwayReportsStoredRowsBatchAndLine() async throws {
        let refusal = StubServer.Reply.answer(
            status: 400,
            body: #"""
                {"name":"ValidationError","message":"A field is invalid.","status":400,
                 "list":[{"field":"kg","message":"must be a number (element 1 of the array)"}]}
                """#)
        let stub = StubServer(Self.notFound, Self.schemaSet, Self.stored(2), refusal, Self.stored(1))
        let error = await #expect(throws: RemoteImportError.self) { try await run(stub) }
        #expect(error?.report.storedRows == 2)
        #expect(error?.report.batchNumber == 2)
        #expect(error?.failedLine == 5)
        let text = error?.description ?? ""
        #expect(text.contains("cats.json, batch 2 of 3 (lines 4-5), line 5: the server refused the batch"))
        #expect(text.contains("2 of 5 rows were stored (batch 1) and stay in cats."))
        #expect(text.contains("re-run with --replace"))
        #expect(stub.requests.count == 4, "no batch may be sent after a refusal")
    }

    @Test func aLostConnectionSaysTheBatchMayHaveBeenStored() async throws {
        let stub = StubServer(
            Self.notFound, Self.schemaSet, Self.stored(2), .failure(URLError(.networkConnectionLost)))
        let error = await #expect(throws: RemoteImportError.self) { try await run(stub) }
        #expect(error?.outcomeUnknown == true)
        #expect(error?.description.contains("may or may not have stored this batch") == true)
        #expect(error?.description.contains("At least 2 of 5 rows were stored") == true)
    }

    @Test func aTooLargeBatchOnTheFirstRequestSuggestsASmallerBatch() async throws {
        let stub = StubServer(Self.notFound, Self.schemaSet, .answer(status: 413, body: "Payload Too Large"))
        let error = await #expect(throws: RemoteImportError.self) { try await run(stub) }
        let text = error?.description ?? ""
        #expect(text.contains("batch 1 of 3 (lines 2-3)") && text.contains("try a smaller --batch"))
        #expect(text.contains("Nothing was imported.") && !text.contains("--replace"))
    }

    @Test func aRowThatDoesNotFitTheServersSchemaStopsBeforeAnyPost() async throws {
        let schema = StubServer.Reply.answer(
            status: 200, body: #"{"name":"cats","fields":[{"name":"kg","type":"number"}]}"#)
        let stub = StubServer(schema)
        let error = await #expect(throws: ImportError.self) { try await run(stub) }
        #expect(error?.line == 2 && error?.field == "kg")
        #expect(stub.requests.map(\.method) == ["GET"])
    }
}
