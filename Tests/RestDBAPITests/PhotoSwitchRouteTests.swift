import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI

/// `POST /_restlite/photos` (what `restlite photos` sends beside a running server) on either
/// engine: the stored photo URLs point at the stand-ins, and back.
@Suite struct PhotoSwitchRouteTests {
    private func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func photo(_ api: TestAPI, _ id: String) throws -> String? {
        try api.store.document(id, in: "a3cats").object()["photoUrl"]?.stringValue
    }

    @Test func storedPhotoURLsPointAtTheStandInsAndBack() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let ids = try api.seedCats(3)
        let local = api.request(
            .post, "/_restlite/photos", body: #"{"to":"local","base":"http://192.168.1.5:8080"}"#)
        #expect(local.status == .ok, "\(body(local))")
        #expect(body(local) == #"{"to":"local","base":"http://192.168.1.5:8080","documents":3,"values":3}"#)
        for id in ids {
            #expect(try photo(api, id) == "http://192.168.1.5:8080/dummyimage/100x100.png/dddddd/000000")
        }
        let changed = try api.store.document(ids[0], in: "a3cats").object(metafields: true)
        #expect(changed["_changedby"]?.stringValue == "restlite photos")

        let remote = api.request(.post, "/_restlite/photos", body: #"{"to":"remote","collection":"a3cats"}"#)
        #expect(body(remote) == #"{"to":"remote","documents":3,"values":3}"#)
        #expect(try photo(api, ids[2]) == "http://dummyimage.com/100x100.png/dddddd/000000")
        // Nothing left to switch back: no document is touched again.
        #expect(
            body(api.request(.post, "/_restlite/photos", body: #"{"to":"remote"}"#)).hasSuffix(
                #""documents":0,"values":0}"#))
    }
}

/// A string holding U+0000: SQLite stores and finds it exactly; PostgreSQL's text and JSON
/// cannot hold it, so its engine answers 400 with the reason and writes nothing of the request
/// (docs/API.md, "The PostgreSQL engine").
@Suite struct NULCharacterTests {
    @Test func aNULIsStoredExactlyOnSQLiteAndRefusedWithNothingWrittenOnPostgreSQL() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let posted = api.request(
            .post, "/rest/a3cats", body: #"[{"catName":"Tom"},{"catName":"Felis\u0000 catus 0"}]"#)
        let query = #"{"catName":"Felis catus 0\u0000"}"#
        let found = api.request(
            .get, "/rest/a3cats?q=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let keyed = api.request(.post, "/rest/a3cats", body: #"{"cat\u0000Name":"Tom"}"#)
        switch TestAPI.engine {
        case .postgres:
            for answer in [posted, found, keyed] {
                #expect(answer.status == .badRequest)
                #expect(
                    String(decoding: answer.body, as: UTF8.self).contains("cannot hold the character U+0000"))
            }
            // Not "Felis catus 0" cut short at the NUL: the query was refused, not narrowed.
            #expect(try api.store.count(in: "a3cats") == 1)
        case .sqlite:
            #expect(posted.status == .created)
            #expect(keyed.status == .created)
            #expect(try found.json().arrayValue?.count == 0)
            let exact = #"{"catName":"Felis\u0000 catus 0"}"#
            let same = api.request(
                .get, "/rest/a3cats?q=" + exact.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect(try same.json().arrayValue?.first?["catName"]?.stringValue == "Felis\u{0} catus 0")
            #expect(try api.store.count(in: "a3cats") == 4)
        }
    }
}
