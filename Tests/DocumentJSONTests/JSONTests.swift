import Testing

@testable import DocumentJSON

@Suite struct JSONTests {
    @Test func numbersKeepTheirLiteralForm() throws {
        let text = #"[2,2.56,3.456789,2.50,-0,1e5,12345678901234567890]"#
        #expect(try JSON.parse(text).serialized() == text)
    }

    @Test func objectKeysKeepTheirOrder() throws {
        let text = #"{"z":1,"a":{"y":[true,false,null],"b":"x"},"m":{}}"#
        let value = try JSON.parse(text)
        #expect(value.serialized() == text)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func whitespaceAndByteOrderMarkAreSkippedAndOutputIsCompact() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(" {\n \"a\" : [ 1 , 2 ] }\r\n".utf8)
        #expect(try JSON.parse(bytes).serialized() == #"{"a":[1,2]}"#)
    }

    @Test func escapesRoundTrip() throws {
        let value = try JSON.parse(#""q\"b\\s\/n\nt\tu\u00e9\ud83d\ude00c\u0001""#)
        #expect(value.stringValue == "q\"b\\s/n\nt\tu\u{e9}\u{1F600}c\u{1}")
        #expect(value.serialized() == #""q\"b\\s/n\nt\tué😀c\u0001""#)
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() throws {
        #expect(try JSON.parse(#"{"a":1,"b":2,"a":3}"#).serialized() == #"{"a":3,"b":2}"#)
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + #","k3":"again""#
        let object = try #require(try JSON.parse("{\(many)}").objectValue)
        #expect(object.count == 40)
        #expect(object["k3"] == "again")
        #expect(object.keys[3] == "k3")
    }

    @Test(arguments: [
        ("", "empty"), ("{", "found end of text"), (#"{"a" 1}"#, "expected ':'"),
        ("[1,]", "expected a JSON value"),
        ("01", "after the JSON value"), ("1.", "digits after '.'"), ("-", "needs digits"),
        (#""abc"#, "not closed"), ("tru", "expected a JSON value"), (#""\x""#, "unknown escape"),
        (#""\ud800""#, "surrogate"), ("\"a\u{1}b\"", "control character"),
        ("[1] [2]", "after the JSON value"),
        ("NaN", "expected a JSON value"),
    ])
    func malformedTextIsRejectedWithAReason(text: String, reason: String) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains(reason) == true
        }
    }

    @Test func errorsCarryLineAndColumn() {
        do {
            _ = try JSON.parse("{\n  \"a\": 1,\n  \"b\": x\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
        }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParseError.self) { try JSON.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try JSON.parse(fine).serialized() == fine)
    }

    @Test func numbersCompareByValue() throws {
        #expect(JSONNumber(validatedText: "2") == JSONNumber(validatedText: "2.0"))
        #expect(JSONNumber(validatedText: "2.5") < JSONNumber(validatedText: "10"))
        #expect(JSONNumber(validatedText: "2").int64Value == 2)
        #expect(JSONNumber(validatedText: "2e0").int64Value == nil)
        #expect(JSONNumber(text: "1.") == nil)
        #expect(JSONNumber(3.0).text == "3")
        #expect(JSONNumber(2.56).text == "2.56")
    }

    @Test func objectEditingKeepsPositions() {
        var cat: JSONObject = ["catName": "Felis", "rating": 3]
        cat["rating"] = 4
        cat["photoUrl"] = "x"
        cat.setFirst("_id", "abc")
        #expect(cat.serialized() == #"{"_id":"abc","catName":"Felis","rating":4,"photoUrl":"x"}"#)
        cat["catName"] = nil
        #expect(cat.keys == ["_id", "rating", "photoUrl"])
    }

    /// Both ways of checking UTF-8 (the second is what macOS 13 and 14 use) agree.
    @Test(arguments: [
        [UInt8]("plain".utf8), [UInt8]("Café 🐈".utf8), [], [0xC3], [0xFF, 0x41], [0xED, 0xA0, 0x80],
        [0xF0, 0x9F, 0x90], [0xC0, 0xAF],
    ])
    func utf8IsCheckedTheSameWayOnEveryPlatform(bytes: [UInt8]) {
        let valid = String(validUTF8: bytes)
        #expect(valid == String(roundTripping: bytes))
        #expect((valid != nil) == ["plain", "Café 🐈", ""].contains(String(decoding: bytes, as: UTF8.self)))
    }
}

@Suite struct ErrorBodyTests {
    @Test func membersComeInRestdbsOrderAndEmptyOnesAreLeftOut() {
        let plain = ErrorBody(name: "NotFound", message: "no \"cats\"", status: 404)
        #expect(
            String(decoding: plain.bytes(), as: UTF8.self)
                == #"{"name":"NotFound","message":"no \"cats\"","status":404}"#)
        let full = ErrorBody(
            name: "ValidationError", message: "m", status: 400,
            list: [FieldError(field: "age", message: "must be a number")],
            requestID: "r1", line: 3)
        #expect(
            String(decoding: full.bytes(), as: UTF8.self)
                == #"{"name":"ValidationError","message":"m","status":400,"list":[{"field":"age","message":"must be a number"}],"requestId":"r1","line":3}"#
        )
    }

    @Test func stringOutputIsEscapedLikeByteOutput() {
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) {
            let text = "a" + String(Character(scalar)) + "é"
            var bytes: [UInt8] = []
            JSONValue.writeString(text, to: &bytes)
            var string = "x"
            JSONValue.writeString(text, to: &string)
            #expect(string == "x" + String(decoding: bytes, as: UTF8.self))
        }
    }
}
