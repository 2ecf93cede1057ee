import DocumentJSON
import DocumentStore
import Testing

@testable import DataTransfer

@Suite struct GeneratorTests {
    private func generate(rows: Int, seed: UInt64) throws -> String {
        var output = MemoryOutput()
        try A3CatsGenerator.write(rows: rows, seed: seed, to: &output)
        return output.text
    }

    @Test func sameSeedGivesSameBytes() throws {
        #expect(try generate(rows: 300, seed: 42) == generate(rows: 300, seed: 42))
    }

    @Test func differentSeedsGiveDifferentRows() throws {
        #expect(try generate(rows: 20, seed: 1) != generate(rows: 20, seed: 2))
    }

    @Test func outputIsAMockarooStyleArrayWithOneObjectPerLine() throws {
        let text = try generate(rows: 3, seed: 5)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("[{\"catName\":"))
        #expect(lines[1].hasPrefix("{\"catName\":"))
        #expect(lines[2].hasSuffix("}]"))
        #expect(try generate(rows: 0, seed: 5) == "[]\n")
    }

    @Test func everyFieldOfEveryRowIsInRange() throws {
        let rows = try #require(JSON.parse(try generate(rows: 3000, seed: 9)).arrayValue)
        #expect(rows.count == 3000)
        let breeds = Set(A3CatsGenerator.breedIds)
        #expect(breeds.count == 67)
        for row in rows {
            let object = try #require(row.objectValue)
            #expect(object.keys == A3CatsGenerator.fieldNames)
            let catName = object["catName"]?.stringValue ?? ""
            #expect(!catName.isEmpty)
            #expect((object["ownerName"]?.stringValue ?? "").split(separator: " ").count >= 2)
            #expect(breeds.contains(object["breedId"]?.stringValue ?? ""))
            try checkBirthDate(object["birthDate"]?.stringValue)
            try checkWeight(object["weightKg"]?.numberValue)
            let rating = try #require(object["rating"]?.numberValue?.int64Value)
            #expect((1...5).contains(rating))
            try checkPhotoURL(object["photoUrl"]?.stringValue)
        }
    }

    @Test func namesLookLikeMockaroos() throws {
        let rows = try #require(JSON.parse(try generate(rows: 2000, seed: 3)).arrayValue)
        let cats = rows.compactMap { $0["catName"]?.stringValue }
        let owners = rows.compactMap { $0["ownerName"]?.stringValue }
        #expect(cats.contains("unavailable"))
        #expect(cats.filter { $0 == "unavailable" }.count < 200)
        #expect(Set(cats).count > 80)
        #expect(owners.contains { $0.contains("'") })
        let weights = rows.compactMap { $0["weightKg"]?.numberValue?.text }
        #expect(weights.contains { !$0.contains(".") })  // whole kilograms print as `4`
        #expect(weights.contains { $0.split(separator: ".").last?.count == 1 })  // `3.1`
    }

    @Test func theSeedFileIsTheGeneratorsOutputForItsDocumentedCommand() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let bytes = try FileInput.readAll(path: "/" + path + "/seed/a3cats.json")
        #expect(String(decoding: bytes, as: UTF8.self) == (try generate(rows: 100, seed: 2019)))
    }

    @Test func utcDatesRoundTripThroughDayNumbers() {
        #expect(UTCTimestamp.iso8601(seconds: 0) == "1970-01-01T00:00:00Z")
        #expect(UTCTimestamp.iso8601(seconds: 1_226_656_417) == "2008-11-14T09:53:37Z")
        #expect(UTCTimestamp.iso8601(seconds: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(UTCTimestamp.seconds(year: 2019, month: 10, day: 21) == 1_571_616_000)
    }

    private func checkBirthDate(_ text: String?) throws {
        let text = try #require(text)
        #expect(text.utf8.count == 20 && text.hasSuffix("Z") && !text.contains("."))
        #expect(text >= "2003-10-21T00:00:00Z" && text <= "2019-10-21T00:00:00Z")
        #expect(ISODate.parse(text) != nil)
    }

    private func checkWeight(_ number: JSONNumber?) throws {
        let number = try #require(number)
        #expect(number.doubleValue >= 1.5 && number.doubleValue <= 5)
        let fraction = number.text.split(separator: ".").dropFirst().first ?? ""
        #expect(fraction.count <= 2 && !fraction.hasSuffix("0"))
    }

    private func checkPhotoURL(_ text: String?) throws {
        let text = try #require(text)
        let parts = text.dropFirst("http://dummyimage.com/".count).split(separator: "/")
        #expect(text.hasPrefix("http://dummyimage.com/") && parts.count == 3)
        let sizeAndFormat = parts[0].split(separator: ".")
        let size = sizeAndFormat[0].split(separator: "x").compactMap { Int($0) }
        #expect(size.count == 2 && size.allSatisfy { (100...250).contains($0) })
        #expect(["png", "jpg", "bmp"].contains(String(sizeAndFormat[1])))
        for color in parts[1...] {
            #expect(color.count == 6 && color.allSatisfy(\.isHexDigit))
        }
    }
}
