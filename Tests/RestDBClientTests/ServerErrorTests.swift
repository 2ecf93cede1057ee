import Foundation
import Testing

@testable import RestDBClient

@Suite struct ServerErrorTests {
    @Test func restliteValidationErrorKeepsNameMessageAndList() {
        let body =
            #"{"name":"ValidationError","message":"weightKg must be a number","status":400,"#
            + #""list":[{"field":"weightKg","message":"must be a number"}]}"#
        let answer = ServerError(status: 400, body: Data(body.utf8))
        #expect(answer.name == "ValidationError")
        #expect(answer.message == "weightKg must be a number")
        #expect(answer.list == [FieldError(field: "weightKg", message: "must be a number")])
        #expect(answer.body == Data(body.utf8))
    }

    @Test func restdbIOMessageArraysAreJoined() {
        let body =
            #"{"name":"ValidationError","message":"Bad","list":[{"field":"name","message":["must be unique","too long"]}]}"#
        let answer = ServerError(status: 400, body: Data(body.utf8))
        #expect(answer.list == [FieldError(field: "name", message: "must be unique; too long")])
    }

    @Test func nonJSONBodyGivesStatusNameAndBodyText() {
        let answer = ServerError(status: 502, body: Data("<html>Bad Gateway</html>\n".utf8))
        #expect(answer.status == 502)
        #expect(answer.name == "HTTP502")
        #expect(answer.message == "<html>Bad Gateway</html>")
        #expect(answer.list.isEmpty)
    }

    @Test func emptyBodyStillExplainsItself() {
        let answer = ServerError(status: 404, body: Data())
        #expect(answer.name == "NotFound")
        #expect(answer.message == "The server answered 404.")
    }

    @Test func errorAccessorsExposeTheAnswer() {
        let error = RestDBError.server(
            ServerError(status: 403, name: "Forbidden", message: "This key may not DELETE.", list: [])
        )
        #expect(error.status == 403)
        #expect(error.name == "Forbidden")
        #expect(error.localizedDescription == "This key may not DELETE.")
        #expect(error.description == "403 Forbidden: This key may not DELETE.")
        #expect(RestDBError.invalidRequest("x").status == nil)
    }
}
