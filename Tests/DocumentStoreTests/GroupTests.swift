import RestLiteTesting
import Testing

@testable import DocumentJSON
@testable import DocumentQuery
@testable import DocumentStore

/// `groupBy`/`aggregates`: group values and MIN/MAX are the documents' JSON values, in
/// MongoDB's order of type classes, and `skip`/`max` page the groups.
@Suite struct GroupTests {
    private func store(_ documents: [String]) throws -> StoreFixture {
        let fixture = try StoreFixture()
        _ = try fixture.store.insertMany(try documents.map(StoreFixture.object), into: "c")
        return fixture
    }

    private func groups(_ fixture: StoreFixture, _ request: FindRequest) throws -> [String] {
        try fixture.store.find(request).groups?.map { JSONValue.object($0).serialized() } ?? []
    }

    private let mixed = [
        #"{"k":true,"v":1,"o":{"a":1}}"#, #"{"k":1,"v":"x","o":[1,2]}"#, #"{"k":{"a":1},"v":false}"#,
        #"{"k":[1,2],"v":{"z":1}}"#, #"{"k":"{\"a\":1}","v":2.5}"#, #"{"k":true,"v":[3]}"#, #"{}"#,
        #"{"k":null}"#,
    ]

    @Test func groupValuesAreTheDocumentsJSONValuesInTypeClassOrder() throws {
        let fixture = try store(mixed)
        defer { fixture.close() }
        let request = FindRequest(
            collection: "c", groupBy: ["k"], aggregates: [Aggregate(function: .count, field: "n")])
        #expect(
            try groups(fixture, request) == [
                #"{"k":null,"n":2}"#, #"{"k":1,"n":1}"#, #"{"k":"{\"a\":1}","n":1}"#, #"{"k":{"a":1},"n":1}"#,
                #"{"k":[1,2],"n":1}"#, #"{"k":true,"n":2}"#,
            ])
    }

    @Test func minAndMaxFollowTheTypeClassOrderAndKeepTheValuesTypes() throws {
        let fixture = try store(mixed)
        defer { fixture.close() }
        let request = FindRequest(
            collection: "c",
            aggregates: [
                Aggregate(function: .min, field: "v"), Aggregate(function: .max, field: "v"),
                Aggregate(function: .min, field: "o"), Aggregate(function: .max, field: "o"),
                Aggregate(function: .max, field: "missing"),
            ])
        #expect(
            try groups(fixture, request) == [
                #"{"MIN:v":1,"MAX:v":false,"MIN:o":{"a":1},"MAX:o":[1,2],"MAX:missing":null}"#
            ])
        let strings = FindRequest(
            collection: "c", query: ["v": ["$in": ["x", false]]],
            aggregates: [Aggregate(function: .min, field: "v"), Aggregate(function: .max, field: "v")])
        #expect(try groups(fixture, strings) == [#"{"MIN:v":"x","MAX:v":false}"#])
    }

    @Test func systemDatesComeBackAsISODates() throws {
        let fixture = try store([#"{"a":1}"#, #"{"a":2}"#])
        defer { fixture.close() }
        let request = FindRequest(
            collection: "c", groupBy: ["_createdby"],
            aggregates: [
                Aggregate(function: .min, field: "_created"), Aggregate(function: .max, field: "_changed"),
            ])
        let group = try #require(try fixture.store.find(request).groups?.first)
        #expect(group["_createdby"] == "api")
        for key in ["MIN:_created", "MAX:_changed"] {
            let text = try #require(group[key]?.stringValue, "\(key)")
            #expect(QueryDate.isNormalizedShape(text.utf8), "\(text)")
        }
        let byDate = try fixture.store.find(
            FindRequest(collection: "c", groupBy: ["_created"], aggregates: []))
        #expect(byDate.groups?.allSatisfy { $0["_created"]?.stringValue.map(ISODate.parse) != nil } == true)
    }

    private let cats = [
        #"{"name":"Tom","color":"grey","age":3,"weightKg":4.5}"#,
        #"{"name":"Felix","color":"black","age":7,"weightKg":5.0}"#,
        #"{"name":"Misty","color":"grey","age":1,"weightKg":3.25}"#,
        #"{"name":"Oscar","color":"ginger","age":7,"weightKg":6.5}"#,
    ]

    @Test func averageAndMinimumPerGroup() throws {
        let fixture = try store(cats)
        defer { fixture.close() }
        let request = FindRequest(
            collection: "c", groupBy: ["color"],
            aggregates: [
                Aggregate(function: .avg, field: "age"), Aggregate(function: .min, field: "age"),
                Aggregate(function: .min, field: "name"),
            ])
        #expect(
            try groups(fixture, request) == [
                #"{"color":"black","AVG:age":7,"MIN:age":7,"MIN:name":"Felix"}"#,
                #"{"color":"ginger","AVG:age":7,"MIN:age":7,"MIN:name":"Oscar"}"#,
                #"{"color":"grey","AVG:age":2,"MIN:age":1,"MIN:name":"Misty"}"#,
            ])
        let overall = FindRequest(collection: "c", hints: ["$aggregate": ["AVG:weightKg", "MIN:weightKg"]])
        #expect(try groups(fixture, overall) == [#"{"AVG:weightKg":4.8125,"MIN:weightKg":3.25}"#])
    }

    @Test func skipAndMaxPageTheGroupsAndTheTotalCountsThem() throws {
        let fixture = try store(cats)
        defer { fixture.close() }
        let count = [Aggregate(function: .count, field: "n")]
        func page(skip: Int, max: Int) throws -> ([String], Int?) {
            let result = try fixture.store.find(
                FindRequest(collection: "c", skip: skip, max: max, groupBy: ["age"], aggregates: count))
            return (result.groups?.map { JSONValue.object($0).serialized() } ?? [], result.total)
        }
        #expect(try page(skip: 0, max: 2) == ([#"{"age":1,"n":1}"#, #"{"age":3,"n":1}"#], 3))
        #expect(try page(skip: 2, max: 2) == ([#"{"age":7,"n":2}"#], 3))
        #expect(try page(skip: 5, max: 2) == ([], 3))
        #expect(try page(skip: 0, max: 0) == ([], 3))
        let hinted = try fixture.store.find(
            FindRequest(
                collection: "c",
                hints: ["$groupby": ["age"], "$aggregate": ["COUNT:n"], "$skip": 1, "$max": 1]))
        #expect(hinted.groups?.map { JSONValue.object($0).serialized() } == [#"{"age":3,"n":1}"#])
        #expect(hinted.total == 3)
        // Without groupBy there is exactly one group.
        let all = try fixture.store.find(FindRequest(collection: "c", skip: 1, aggregates: count))
        #expect(all.groups?.isEmpty == true && all.total == 1)
    }

    @Test func aSumBeyondSixtyFourBitsIsABadRequest() throws {
        let fixture = try store([#"{"n":9223372036854775807}"#, #"{"n":1}"#])
        defer { fixture.close() }
        #expect(throws: StoreError.self) {
            try fixture.store.find(
                FindRequest(collection: "c", aggregates: [Aggregate(function: .sum, field: "n")]))
        }
        let average = try groups(
            fixture, FindRequest(collection: "c", aggregates: [Aggregate(function: .avg, field: "n")]))
        #expect(average.count == 1)
    }

    /// restdb's date groups, checked against a Swift reading of the same rule over seeded
    /// documents whose dates come in every accepted ISO form (zones, date only) or are no dates.
    @Test func dateGroupsAgreeWithTheSwiftReading() throws {
        var generator = QueryGenerator(seed: 7)
        let values: [JSONValue] =
            QueryGenerator.dates.map { .string($0) } + [
                "1991-09-03T00:00:00.000Z", "2021-12-31T23:30:00-01:00", "not a date", 7, .null,
            ]
        let documents = (0..<60).map { _ in JSONValue.object(["d": generator.pick(values)]) }
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insertMany(documents.map { $0.objectValue! }, into: "c")
        let specs = [
            "$YEAR:d", "$MONTH:d", "$DAY:d", "$HOUR:d", "$SEC:d", "$DATE.YYYY-MM:d", "$DATE.MMM YY:d",
            "$DATE.D/M/YYYY HH:mm:ss.SSS:d", "$DATE.MMMM:d", "$DATE.H:d",
        ]
        for spec in specs {
            var expected: [String?: Int] = [:]
            for document in documents {
                expected[Self.dateGroup(spec, document.objectValue!["d"]), default: 0] += 1
            }
            let request = FindRequest(
                collection: "c", groupBy: [spec], aggregates: [Aggregate(function: .count, field: "n")])
            let found = try #require(try fixture.store.find(request).groups)
            var actual: [String?: Int] = [:]
            for group in found {
                actual[group[spec]?.stringValue, default: 0] += Int(group["n"]?.numberValue?.int64Value ?? -1)
            }
            #expect(actual == expected, "\(spec)")
            // Groups come in order of their value, null first.
            let keys = found.map { $0[spec]?.stringValue }
            #expect(keys == keys.sorted { ($0 ?? "") < ($1 ?? "") || ($0 == nil && $1 != nil) }, "\(spec)")
        }
    }

    @Test func systemDatesGroupAndBadDateGroupsAreRefused() throws {
        let fixture = try store([#"{"a":1}"#, #"{"a":2}"#])
        defer { fixture.close() }
        let year = try fixture.store.find(FindRequest(collection: "c", groupBy: ["$YEAR:_created"]))
        let text = try #require(year.groups?.first?["$YEAR:_created"]?.stringValue)
        #expect(year.groups?.count == 1 && text.count == 4 && Int(text) != nil)
        for bad in ["$WEEK:d", "$DATE.Q:d", "$YEAR", "$DATE.:d"] {
            #expect(throws: StoreError.self, "\(bad)") {
                try fixture.store.find(FindRequest(collection: "c", groupBy: [bad]))
            }
        }
    }

    /// The group of `value` under `spec`, from the date's calendar fields (UTC).
    private static func dateGroup(_ spec: String, _ value: JSONValue?) -> String? {
        guard case .string(let text)? = value, let milliseconds = ISODate.parse(text) else { return nil }
        let days = Int64((Double(milliseconds) / 86_400_000).rounded(.down))
        let (year, month, day) = ISODate.civil(fromDays: days)
        let inDay = milliseconds - days * 86_400_000
        let (hour, minute, second, milli) = (
            inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000
        )
        func pad(_ number: Int64, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        let name = GroupSpec.months[Int(month) - 1]
        switch spec.split(separator: ":").first.map(String.init) ?? "" {
        case "$YEAR": return pad(year, 4)
        case "$MONTH": return "\(pad(year, 4))-\(pad(month, 2))"
        case "$DAY": return date
        case "$HOUR": return "\(date)T\(pad(hour, 2))"
        case "$SEC": return "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        case "$DATE.YYYY-MM": return "\(pad(year, 4))-\(pad(month, 2))"
        case "$DATE.MMM YY": return "\(name.prefix(3)) \(pad(year % 100, 2))"
        case "$DATE.D/M/YYYY HH":
            return
                "\(day)/\(month)/\(pad(year, 4)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(milli, 3))"
        case "$DATE.MMMM": return name
        case "$DATE.H": return String(hour)
        default: return "?"
        }
    }
}
