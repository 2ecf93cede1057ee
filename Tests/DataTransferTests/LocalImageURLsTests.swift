import DataTransfer
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@Suite struct LocalImageURLsTests {
    let local = LocalImageURLs(base: "http://127.0.0.1:8080/") { id in
        id == "known" ? "known.png" : "other.jpg"
    }

    @Test func picturesOfTheThreeServicesPointAtTheStandIns() {
        #expect(local.base == "http://127.0.0.1:8080")
        #expect(
            local.rewrite("http://dummyimage.com/122x217.bmp/ff4444/ffffff")
                == "http://127.0.0.1:8080/dummyimage/122x217.bmp/ff4444/ffffff")
        #expect(local.rewrite("https://DummyImage.com/10") == "http://127.0.0.1:8080/dummyimage/10")
        #expect(
            local.rewrite("https://placekitten.com/300/200") == "http://127.0.0.1:8080/placekitten/300/200")
        #expect(local.rewrite("http://placekitten.com/g/300") == "http://127.0.0.1:8080/placekitten/g/300")
        #expect(
            local.rewrite("https://cdn2.thecatapi.com/images/known.jpg")
                == "http://127.0.0.1:8080/thecatapi/images/known.png")
        #expect(
            local.rewrite("https://cdn2.thecatapi.com/images/abc.jpg")
                == "http://127.0.0.1:8080/thecatapi/images/other.jpg")
    }

    @Test func otherTextStaysAsItIs() {
        for text in [
            "https://example.com/cat.jpg", "dummyimage.com/10", "http://dummyimage.com",
            "http://dummyimage.com/",
            "https://cdn2.thecatapi.com/other/x.jpg", "ftp://placekitten.com/1/1", "", "Felis catus",
            "https://notdummyimage.com/10",
        ] {
            #expect(local.rewrite(text) == text, "\(text)")
        }
    }

    @Test func anImportRewritesTextValuesOnly() async throws {
        let fixture = try TemporaryStore()
        let rows = #"""
            [{"catName":"https://placekitten.com/1/1","rating":5,"photoUrl":"http://dummyimage.com/10x20.png"},
             {"catName":"b","photoUrl":"https://example.com/x.png"}]
            """#
        let options = ImportOptions(collection: "cats", localImages: local)
        _ = try await Importer(options: options).run(
            bytes: Array(rows.utf8), file: "cats.json", into: LocalStoreSink(store: fixture.store))
        let found = try fixture.store.find(FindRequest(collection: "cats")).documents.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any])
        }
        let photos = found.map { $0["photoUrl"] as? String }
        #expect(photos == ["http://127.0.0.1:8080/dummyimage/10x20.png", "https://example.com/x.png"])
        #expect(found.first?["catName"] as? String == "http://127.0.0.1:8080/placekitten/1/1")
        #expect(found.first?["rating"] as? Int == 5)
    }
}
