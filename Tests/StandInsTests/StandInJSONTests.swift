import DocumentJSON
import SocketHTTP
import Testing

@testable import StandIns

/// The stand-ins write JSON with the store's one escaper and restdb's one error body.
@Suite struct StandInJSONTests {
    /// Every control character, a quote, a backslash, a slash and non-ASCII text.
    static let awkwardText =
        String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + #"q"b\s/é😺"#

    @Test func orderedJSONStringsAreEscapedExactlyAsTheStoreWritesThem() {
        let value = OrderedJSON.object([("k\u{8}ey", .string(Self.awkwardText))])
        let stored = JSONValue.object(["k\u{8}ey": .string(Self.awkwardText)])
        #expect(value.text == stored.serialized())
    }

    @Test func pictureErrorsAnswerRestdbsErrorBodyWithTheMessageIntact() throws {
        let response = PictureRequestError(message: Self.awkwardText).httpResponse()
        #expect(response.status.code == 400)
        #expect(
            response.body == ErrorBody(name: "BadRequest", message: Self.awkwardText, status: 400).bytes())
        let body = try #require(try JSON.parse(response.body).objectValue)
        #expect(body.keys == ["name", "message", "status"])
        #expect(body["message"] == .string(Self.awkwardText))
    }

    @Test func theBusyAnswerIsRestdbsErrorBodyWithRetryAfter() throws {
        let response = PictureBusyError().httpResponse()
        #expect(response.status.code == 503)
        #expect(response.headers["Retry-After"] == "2")
        let body = try #require(try JSON.parse(response.body).objectValue)
        #expect(body["name"] == .string("ServiceUnavailable"))
        #expect(body["status"] == .number(JSONNumber(503)))
    }
}
