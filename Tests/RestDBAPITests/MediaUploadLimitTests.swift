import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// One `POST /media` may hold at most 100 parts (`serve --max-upload-parts`): a form with more
/// is refused with a 413 naming the limit, and with no file written.
@Suite(.offPool) struct MediaUploadLimitTests {
    static func form(parts: Int) -> [UInt8] {
        MediaRouteTests.form((0..<parts).map { ("p\($0).txt", nil, [UInt8(ascii: "x")]) })
    }

    /// No clock: the 413 naming the limit shows the form was refused at its 101st part (without
    /// the limit all 20,000 parts are stored and the answer is a 201); the client's 20 s read
    /// timeout only catches a hang.
    @Test func twentyThousandOneBytePartsAreRefusedAndWriteNoFile() throws {
        let api = try TestAPI()
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(2)) }
        let response = try MediaRouteTests.sendInPieces(Self.form(parts: 20_000), to: server.port)
        #expect(response.status == 413, "\(response.bodyString)")
        let error = try JSON.parse(response.body)
        #expect(error["status"] == 413)
        let message = error["message"]?.stringValue ?? ""
        #expect(message.contains("100 parts") && message.contains("--max-upload-parts"), "\(message)")
        let files = try MediaRouteTests.folderFiles(api) ?? []
        #expect(files.filter { !$0.hasPrefix(".") }.isEmpty, "\(files.prefix(5))")
        #expect(try api.request(.get, "/media").json().arrayValue?.isEmpty == true)
    }

    @Test func oneHundredPartsAreStillStored() throws {
        let api = try TestAPI()
        let response = api.request(
            .post, "/media", headers: MediaRouteTests.formType, bytes: Self.form(parts: 100))
        #expect(response.status == .created, "\(response.bodyString)")
        #expect(try response.json()["ids"]?.arrayValue?.count == 100)
    }
}
