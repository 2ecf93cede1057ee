import Testing

@testable import DocumentQuery

/// Every refusal is a `QueryError` of the right kind whose message names the problem.
@Suite struct QueryErrorTests {
    @Test(arguments: [
        (#"{"age":"#, QueryError.Kind.malformedJSON, "not valid JSON"),
        (#"[1]"#, .wrongOperand, "must be a JSON object"),
        (#"{"age":{"$foo":1}}"#, .unknownOperator, "`$foo`"),
        (#"{"$where":"1"}"#, .unknownOperator, "`$where`"),
        (#"{"age":{"$in":5}}"#, .wrongOperand, "`$in` on field `age` needs an array"),
        (#"{"age":{"$nin":"x"}}"#, .wrongOperand, "`$nin` on field `age` needs an array"),
        (#"{"age":{"$gt":[1]}}"#, .wrongOperand, "`$gt` on field `age` needs a number"),
        (#"{"age":{"$exists":"yes"}}"#, .wrongOperand, "`$exists`"),
        (#"{"age":{"$bt":[1]}}"#, .wrongOperand, "`$bt`"),
        (#"{"age":{"$bt":[1,"z"]}}"#, .wrongOperand, "one kind"),
        (#"{"age":{"$elemMatch":3}}"#, .wrongOperand, "`$elemMatch`"),
        (#"{"age":{"$elemMatch":{"$exists":true}}}"#, .wrongOperand, "`$exists`"),
        (#"{"$or":[]}"#, .wrongOperand, "`$or` needs a non-empty array"),
        (#"{"$and":[1]}"#, .wrongOperand, "`$and` needs query objects"),
        (#"{"age":{"$gt":1,"x":2}}"#, .wrongOperand, "mixes"),
        (#"{"d":{"$date":"yesterday"}}"#, .wrongOperand, "\"yesterday\""),
        (#"{"d":{"$date":"2020-02-30"}}"#, .wrongOperand, "ISO 8601"),
        (#"{"n":{"$gt":{"$date":-9223372036854775808}}}"#, .wrongOperand, "years 0000 to 9999"),
        (#"{"n":{"$gt":{"$date":-9223372036854775000}}}"#, .wrongOperand, "years 0000 to 9999"),
        (#"{"n":{"$lt":{"$date":9223372036854775807}}}"#, .wrongOperand, "years 0000 to 9999"),
        (#"{"n":{"$date":-62167219200001}}"#, .wrongOperand, "years 0000 to 9999"),
        (#"{"n":{"$date":1e300}}"#, .wrongOperand, "whole milliseconds"),
        (#"{"n":{"$date":99999999999999999999}}"#, .wrongOperand, "whole milliseconds"),
        (#"{"n":{"$date":"99999-01-01T00:00:00Z"}}"#, .wrongOperand, "99999"),
        (#"{"n":{"$date":"-0001-01-01T00:00:00Z"}}"#, .wrongOperand, "-0001"),
        (#"{"n":{"$bt":[{"$date":0},{"$date":-9223372036854775808}]}}"#, .wrongOperand, "`$date`"),
        (#"{"n":{"$in":[{"$date":-9223372036854775808}]}}"#, .wrongOperand, "`$date`"),
        (#"{"name":{"$regex":"(unclosed"}}"#, .invalidRegex, "`(unclosed`"),
        (#"{"name":{"$regex":"a","$options":"q"}}"#, .invalidRegex, "`q`"),
        (#"{"name":{"$regex":5}}"#, .wrongOperand, "pattern string"),
        (#"{"name":{"$options":"i"}}"#, .wrongOperand, "`$options` needs a `$regex`"),
        (#"{"a..b":1}"#, .badFieldPath, "empty segment"),
        (#"{"a.$b":1}"#, .badFieldPath, "starting with `$`"),
        (#"{"a[0]":1}"#, .badFieldPath, "`[`"),
        (#"{"a\"b":1}"#, .badFieldPath, "`\"`"),
        (#"{"a*":1}"#, .badFieldPath, "`*`"),
        (#"{"a\u0001":1}"#, .badFieldPath, "control character"),
        (#"{"":1}"#, .badFieldPath, "empty"),
    ])
    func badQueriesAreRefusedWithAMessage(text: String, kind: QueryError.Kind, mention: String) {
        do {
            _ = try Query.parse(text: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.kind == kind, "\(text): \(error.message)")
            #expect(error.message.contains(mention), "\(text): \(error.message)")
        }
    }

    @Test(arguments: [
        (#"{"$orderby":{"a":2}}"#, "1 or -1"),
        (#"{"$orderby":[1]}"#, "`$orderby` needs an object"),
        (#"{"$fields":{"a":1,"b":0}}"#, "mixes"),
        (#"{"$max":-1}"#, "`$max`"),
        (#"{"$skip":1.5}"#, "`$skip`"),
        (#"{"$aggregate":["MEDIAN:x"]}"#, "MEDIAN:x"),
        (#"{"$groupby":5}"#, "`$groupby`"),
        (#"{"$nope":1}"#, "unknown hint `$nope`"),
    ])
    func badHintsAreRefusedWithAMessage(text: String, mention: String) {
        do {
            _ = try QueryHints.parse(text: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.kind == .badHint, "\(text): \(error.message)")
            #expect(error.message.contains(mention), "\(text): \(error.message)")
        }
    }

    @Test func malformedHintJSONIsReported() {
        #expect(throws: QueryError.self) { try QueryHints.parse(text: "{") }
    }

    @Test func sortParametersMustPairUp() {
        #expect(throws: QueryError.self) { try SortKey.fromParameters(sort: ["a"], dir: ["1", "-1"]) }
        #expect(throws: QueryError.self) { try SortKey.fromParameters(sort: ["a"], dir: ["up"]) }
        #expect(throws: QueryError.self) { try SortKey.fromParameters(sort: ["a]"], dir: []) }
    }
}
