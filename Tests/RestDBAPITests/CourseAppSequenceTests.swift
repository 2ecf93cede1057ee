import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ILoveCats app's requests, sent as its request class sends them (always
/// `Content-Type: application/json`, `x-apikey`), over a real socket, decoded with the app's
/// own date formatter.
@Suite(.offPool) struct CourseAppSequenceTests {
    struct CatEdit: Codable {
        var _id: String
        var ownerName: String
        var rating: Int
        var photoUrl: String
    }

    func send(_ method: String, _ url: URL, body: Data? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(TestAPI.fullKey, forHTTPHeaderField: "x-apikey")
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test func theAppsGetAllAddEditGetOneDeleteSequenceWorks() async throws {
        let api = try TestAPI()
        let server = try api.startServer()
        defer {
            server.shutdown(grace: .seconds(2))
            api.remove()
        }
        try api.seedCats(3)
        let base = URL(string: "http://127.0.0.1:\(server.port)/rest/a3cats")!

        let (listStatus, listData) = try await send("GET", base)
        #expect(listStatus == 200)
        let cats = try CourseApp.decoder.decode([Cat].self, from: listData)
        #expect(cats.count == 3)

        let birthDate = try #require(CourseApp.formatter.date(from: "2015-06-01T12:00:00.000Z"))
        let newCat = Cat(
            catName: "Felis catus", ownerName: "Peter O'Toole", breedId: "beng", birthDate: birthDate,
            weightKg: 3.25, rating: 4, photoUrl: "https://placekitten.com/200/200")
        let (postStatus, postData) = try await send("POST", base, body: try CourseApp.encoder.encode(newCat))
        #expect(postStatus == 201)
        let created = try CourseApp.decoder.decode(Cat.self, from: postData)
        let id = try #require(created.id)
        #expect(created.birthDate == birthDate)

        let edit = CatEdit(
            _id: id, ownerName: "Jane Doe", rating: 5, photoUrl: "https://placekitten.com/250/250")
        let (putStatus, putData) = try await send(
            "PUT", base.appendingPathComponent(id), body: try CourseApp.encoder.encode(edit))
        #expect(putStatus == 200)
        let edited = try CourseApp.decoder.decode(Cat.self, from: putData)
        #expect(edited.ownerName == "Jane Doe" && edited.rating == 5)
        #expect(edited.catName == "Felis catus" && edited.weightKg == 3.25 && edited.birthDate == birthDate)

        let (oneStatus, oneData) = try await send("GET", base.appendingPathComponent(id))
        #expect(oneStatus == 200)
        let one = try CourseApp.decoder.decode(Cat.self, from: oneData)
        #expect(one.photoUrl == "https://placekitten.com/250/250")

        let (deleteStatus, deleteData) = try await send("DELETE", base.appendingPathComponent(id))
        #expect(deleteStatus == 200)
        #expect(String(decoding: deleteData, as: UTF8.self) == #"{"result":["\#(id)"]}"#)
        let (goneStatus, _) = try await send("GET", base.appendingPathComponent(id))
        #expect(goneStatus == 404)
    }

    @Test func aListBodyStrippedOfItsFirstAndLastCharacterIsTheObjects() async throws {
        let api = try TestAPI()
        let server = try api.startServer()
        defer {
            server.shutdown(grace: .seconds(2))
            api.remove()
        }
        try api.seedCats(2)
        let (_, data) = try await send("GET", URL(string: "http://127.0.0.1:\(server.port)/rest/a3cats")!)
        let text = String(decoding: data, as: UTF8.self)
        let inner = String(text.dropFirst().dropLast())
        #expect(inner.hasPrefix("{\"_id\"") && inner.hasSuffix("}"))
        #expect(!text.hasSuffix("\n"))
    }
}
