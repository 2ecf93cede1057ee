import DocumentJSON
import DocumentStore
import Foundation
import PlatformSupport
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// What a new user reads when the API or the data folder refuses: the path, the reason and
/// the fix, in words, never a dump of an internal error.
@Suite(.offPool) struct UserMessageAPITests {
    private func message(_ response: HTTPResponse) throws -> String {
        try #require(try response.json()["message"]?.stringValue)
    }

    @Test func aTooLargeBodyNamesTheMaxBodySetting() async throws {
        var settings = ServeConfiguration()
        settings.port = 0
        settings.quiet = true
        settings.seeds = false
        settings.maxBodyBytes = 64
        settings.dataDirectory = NSTemporaryDirectory() + "restlite-413-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        let port = try server.start()
        defer { server.http.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        let body = "{\"name\":\"" + String(repeating: "x", count: 200) + "\"}"
        try client.send(
            "POST /rest/cats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.bodyString.contains("--max-body"), "\(response.bodyString)")
        #expect(response.bodyString.contains("RESTLITE_MAX_BODY"), "\(response.bodyString)")
    }

    @Test func aScopedKeyRefusalNamesThePartOfTheScopeThatRefuses() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let ids = try api.seedCats(1)
        try KeyFile(keys: [
            APIKey(key: "scopedkey", full: false, methods: ["GET"], path: "/a3cats/**"),
            APIKey(key: "webkey", full: false, methods: ["GET"], origins: ["http://localhost:3000"]),
        ]).save(to: api.folder.keysURL)
        let wrongMethod = api.request(.delete, "/rest/a3cats/\(ids[0])", headers: ["x-apikey": "scopedkey"])
        #expect(wrongMethod.status == .forbidden)
        #expect(
            try message(wrongMethod)
                == "The API key does not allow DELETE on /a3cats/\(ids[0]): it allows only GET; "
                + "use a key whose scope covers it.")
        let wrongPath = api.request(.get, "/rest/dogs", headers: ["x-apikey": "scopedkey"])
        let wrongPathText = try message(wrongPath)
        #expect(wrongPathText.contains(": its path is /a3cats/**;"), "\(wrongPathText)")
        let noOrigin = api.request(.get, "/rest/a3cats", headers: ["x-apikey": "webkey"])
        let noOriginText = try message(noOrigin)
        #expect(noOriginText.contains("the request has no Origin header"), "\(noOriginText)")
        #expect(!noOriginText.contains("from this origin"), "\(noOriginText)")
        let otherOrigin = api.request(
            .get, "/rest/a3cats", headers: ["x-apikey": "webkey", "Origin": "http://evil.example"])
        #expect(
            try message(otherOrigin).contains(
                "only works from the origin http://localhost:3000, not http://evil.example"))
    }

    @Test func otherProtocolErrorsKeepTheirMessage() throws {
        let response = ServeConfiguration.protocolErrorRenderer(
            .badRequest, "bad request line", maxBody: 1024)
        #expect(response.status == .badRequest)
        #expect(try message(response) == "bad request line")
    }

    @Test(arguments: [
        "/rest/a3cats?groupby=%24YEAR%3AbirthDate",
        "/rest/a3cats?h=%7B%22%24groupby%22%3A%5B%22%24DATE.YYYY%3AbirthDate%22%5D%7D",
        "/rest/a3cats?h=%7B%22%24groupby%22%3A%22%24MONTH%3AbirthDate%22%7D",
    ])
    func restdbDateGroupsAnswerGroupsKeyedByTheTerm(target: String) throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        let response = api.request(.get, target)
        #expect(response.status == .ok)
        let groups = try #require(try response.json().arrayValue)
        #expect(!groups.isEmpty)
        for group in groups {
            let key = try #require(group.objectValue?.keys.first { $0.hasPrefix("$") })
            let value = try #require(group.objectValue?[key]?.stringValue, "\(group)")
            #expect(value.count == (key.hasPrefix("$MONTH") ? 7 : 4), "\(group)")
        }
    }

    @Test func anUnknownDateGroupNamesTheOnesThatExist() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        let response = api.request(.get, "/rest/a3cats?groupby=%24WEEK%3AbirthDate")
        #expect(response.status == .badRequest)
        #expect(try message(response).contains("$YEAR, $MONTH, $DAY, $HOUR, $SEC"))
    }

    @Test func anOrdinaryGroupStillWorks() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        #expect(api.request(.get, "/rest/a3cats?groupby=breedId").status == .ok)
    }

    @Test func wrongJSONKindsReadWithTheRightArticle() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let array = try message(api.request(.get, "/rest/a3cats?q=%5B1%5D"))
        #expect(array.contains("got an array"), "\(array)")
        let object = try message(
            api.request(.get, "/rest/a3cats?q=%7B%22rating%22%3A%7B%22%24in%22%3A%7B%7D%7D%7D"))
        #expect(object.contains("got an object"), "\(object)")
        #expect(!array.contains("got a array") && !object.contains("got a object"))
    }

    @Test func aScopedKeyDeletingByQueryIsToldPlainly() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "scopedkey0000000000000009", methods: ["DELETE"])
        let response = api.request(
            .delete, "/rest/a3cats/*?q=%7B%7D", headers: ["x-apikey": "scopedkey0000000000000009"])
        #expect(response.status == .forbidden)
        #expect(
            try message(response)
                == "Only a full-access key may delete every match of a query; this key is scoped.")
    }

    @Test func dataFolderFailuresNameThePathAndTheFix() {
        let denied = DataFolderError.cannotCreate(path: "/srv/d", failedAt: "/srv/d", errno: EACCES)
            .description
        #expect(
            denied.contains("/srv/d") && denied.contains("no permission") && denied.contains("--data-dir"))
        let file = DataFolderError.cannotCreate(path: "/srv/f", failedAt: "/srv/f", errno: ENOTDIR)
            .description
        #expect(file.contains("/srv/f is a file, not a folder") && file.contains("--data-dir"))
        let unreadable = DataFolderError.cannotRead(path: "/srv/d", errno: EACCES).description
        #expect(unreadable.hasPrefix("cannot read the data folder /srv/d") && unreadable.contains("access"))
        let corrupt = DataFolderError.notADatabase(path: "/srv/d/restlite.sqlite").description
        #expect(
            corrupt.contains("/srv/d/restlite.sqlite is not a restlite database")
                && corrupt.contains("move it"))
        for text in [denied, file, unreadable, corrupt] {
            #expect(!text.contains("CocoaError") && !text.contains("SQLite error"), "\(text)")
        }
    }

    @Test func anUnreadableKeyFileAsksForPermissionNotForDeletion() {
        let text = KeyFileError(path: "/srv/d/keys.json", problem: .unreadable(errno: EACCES)).description
        #expect(
            text.contains("/srv/d/keys.json") && text.contains("permission denied") && text.contains("chmod"))
        #expect(!text.contains("Fix or delete"))
    }

    @Test func aDataFolderThatIsAFileIsRefusedByName() throws {
        let path = NSTemporaryDirectory() + "restlite-file-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: DataFolderError.cannotCreate(path: path, failedAt: path, errno: ENOTDIR)) {
            try DataFolder(path: path).create()
        }
        #expect(DataFolder(path: path + "/sub").databasePresence() == .unreadable(errno: ENOTDIR))
        #expect(DataFolder(path: path + "-absent").databasePresence() == .absent)
    }

    @Test func aServeStartThatCannotBindLeavesANewFolderAsItWas() async throws {
        let occupied = try TCPListener(port: 0)
        defer { occupied.close() }
        var settings = ServeConfiguration()
        settings.port = occupied.port
        settings.quiet = true
        settings.dataDirectory = NSTemporaryDirectory() + "restlite-bind-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        await #expect(throws: ServeError.self) { try await RestliteServer.openAndStart(settings) }
        #expect(!FileManager.default.fileExists(atPath: settings.dataDirectory))

        // An existing folder keeps what it had, and gets nothing new.
        try FileManager.default.createDirectory(
            atPath: settings.dataDirectory, withIntermediateDirectories: true)
        await #expect(throws: ServeError.self) { try await RestliteServer.openAndStart(settings) }
        let left = try FileManager.default.contentsOfDirectory(atPath: settings.dataDirectory)
        #expect(left.isEmpty, "\(left)")
    }
}
