import DocumentJSON
import Testing

@testable import DocumentQuery

@Suite struct QueryHintsTests {
    @Test func readsEveryHint() throws {
        let hints = try QueryHints.parse(
            text:
                #"{"$orderby":{"rating":-1,"catName":1},"$fields":{"catName":1,"_id":0},"$max":10,"$skip":5,"#
                + #""$groupby":["color"],"$aggregate":["SUM:weightKg","count:_id"]}"#)
        #expect(
            hints.orderBy == [
                SortKey(path: try FieldPath("rating"), ascending: false),
                SortKey(path: try FieldPath("catName")),
            ])
        #expect(hints.fields == .include([try FieldPath("catName")], includeID: false))
        #expect(hints.max == 10)
        #expect(hints.skip == 5)
        #expect(hints.groupBy.map(\.path) == [try FieldPath("color")])
        #expect(
            hints.aggregates == [
                Aggregate(function: .sum, field: "weightKg"),
                Aggregate(function: .count, field: "_id"),
            ])
        #expect(try QueryHints.parse(text: "") == QueryHints())
    }

    @Test func fieldSelectionIncludesOrExcludesAndKeepsIDUnlessZero() throws {
        let document = try #require(try JSON.parse(#"{"_id":"x","a":1,"b":{"c":2,"d":3},"e":4}"#).objectValue)
        let include = try #require(try QueryHints.parse(text: #"{"$fields":{"b.c":1,"e":1}}"#).fields)
        #expect(include.apply(to: document).serialized() == #"{"_id":"x","b":{"c":2},"e":4}"#)
        let exclude = try #require(try QueryHints.parse(text: #"{"$fields":{"b.d":0,"a":0}}"#).fields)
        #expect(exclude.apply(to: document).serialized() == #"{"_id":"x","b":{"c":2},"e":4}"#)
        let noID = try #require(try QueryHints.parse(text: #"{"$fields":{"_id":0}}"#).fields)
        #expect(noID.apply(to: document).serialized() == #"{"a":1,"b":{"c":2,"d":3},"e":4}"#)
    }

    @Test func aggregateTermsNameAFunctionAndAField() throws {
        #expect(try Aggregate(spec: "avg:weightKg") == Aggregate(function: .avg, field: "weightKg"))
        #expect(try Aggregate(spec: "COUNT:n").outputKey == "n")
        for spec in ["SUM", "SUM:", "MEDIAN:age", ":age"] {
            #expect(
                throws: QueryError(
                    .badHint,
                    "'\(spec)' is not an aggregate; write FUNCTION:field with SUM, AVG, MIN, MAX or COUNT.")
            ) {
                try Aggregate(spec: spec)
            }
        }
        #expect {
            try QueryHints.parse(text: #"{"$aggregate":"SUM"}"#)
        } throws: { error in
            (error as? QueryError)?.kind == .badHint
        }
    }

    @Test func sortParametersPairWithDirectionsByPosition() throws {
        let keys = try SortKey.fromParameters(sort: ["rating", "catName"], dir: ["-1"])
        #expect(
            keys == [
                SortKey(path: try FieldPath("rating"), ascending: false),
                SortKey(path: try FieldPath("catName")),
            ])
    }

    @Test(arguments: [
        ("2008-11-14T09:53:37.000Z", "2008-11-14T09:53:37.000Z"),
        ("2008-11-14T09:53:37Z", "2008-11-14T09:53:37.000Z"),
        ("2008-11-14T09:53:37.5Z", "2008-11-14T09:53:37.500Z"),
        ("2008-11-14T09:53:37.123456Z", "2008-11-14T09:53:37.123Z"),
        ("2008-11-14T11:53:37+02:00", "2008-11-14T09:53:37.000Z"),
        ("2008-11-14T01:53-0800", "2008-11-14T09:53:00.000Z"),
        ("2008-11-14", "2008-11-14T00:00:00.000Z"),
        ("2008-11-14 09:53:37", "2008-11-14T09:53:37.000Z"),
        ("2000-02-29T23:59:59.999-00:01", "2000-03-01T00:00:59.999Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
    ])
    func isoDatesNormalise(input: String, normalized: String) throws {
        let date = try #require(QueryDate(iso: input))
        #expect(date.normalized == normalized)
        #expect(QueryDate(iso: normalized)?.milliseconds == date.milliseconds)
    }

    @Test func notDatesAreRefused() {
        for text in [
            "2008-13-01", "2008-02-30", "2008-11-14T25:00", "14/11/2008", "2008-11-14T09:53:37+2", "abc",
        ] {
            #expect(QueryDate(iso: text) == nil, "\(text)")
        }
        #expect(QueryDate(iso: "1970-01-01T00:00:01Z")?.milliseconds == 1000)
    }
}
