import Foundation
import RestDBClient
import RestLiteTesting
import Testing

@Suite struct DateHandlingTests {
    private struct Stamp: Codable { var at: Date }

    @Test func formatterWritesMillisecondsAndZ() throws {
        let date = Date(timeIntervalSince1970: 1_226_656_417)
        #if canImport(Darwin)
            #expect(DateFormatter.restDB.string(from: date) == "2008-11-14T09:53:37.000Z")
            #expect(
                DateFormatter.restDB.string(from: date.addingTimeInterval(0.25)) == "2008-11-14T09:53:37.250Z"
            )
        #endif
        // The encoder (the only writer on Linux, where the library has no DateFormatter).
        for (offset, text) in [(0.0, "2008-11-14T09:53:37.000Z"), (0.25, "2008-11-14T09:53:37.250Z")] {
            let encoded = try JSONEncoder.restDB.encode(Stamp(at: date.addingTimeInterval(offset)))
            #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"\#(text)"}"#)
        }
    }

    @Test func encoderOutputIsReadByTheCourseFormatter() throws {
        let date = Date(timeIntervalSince1970: 1_226_656_417.5)
        let text = String(decoding: try JSONEncoder.restDB.encode(Stamp(at: date)), as: UTF8.self)
        #expect(text == #"{"at":"2008-11-14T09:53:37.500Z"}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(CourseApp.formatter)
        #expect(try decoder.decode(Stamp.self, from: Data(text.utf8)).at == date)
    }

    @Test func decoderReadsTheCourseFormatterOutput() throws {
        let date = Date(timeIntervalSince1970: 1_571_650_000.123)
        let text = #"{"at":"\#(CourseApp.formatter.string(from: date))"}"#
        let decoded = try JSONDecoder.restDB.decode(Stamp.self, from: Data(text.utf8)).at
        #expect(abs(decoded.timeIntervalSince(date)) < 0.001)
    }

    @Test(arguments: [
        "2008-11-14T09:53:37.000Z",
        "2008-11-14T09:53:37Z",
        "2008-11-14T11:53:37.000+02:00",
        "2008-11-14T11:53:37+02:00",
    ])
    func decoderAcceptsOtherISO8601Forms(text: String) throws {
        let decoded = try JSONDecoder.restDB.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8))
        #expect(decoded.at == Date(timeIntervalSince1970: 1_226_656_417))
    }

    @Test func decoderRejectsNonDates() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder.restDB.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }
}
