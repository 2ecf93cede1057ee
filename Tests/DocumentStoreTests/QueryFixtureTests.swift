import DocumentJSON
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// Each operator against a small collection: the ids it returns.
@Suite struct QueryFixtureTests {
    static let documents: [JSONValue] = [
        [
            "_id": "a", "name": "Joe", "age": 7, "tags": ["cute", "grey"], "owner": ["city": "Oslo"],
            "born": "2020-01-15T10:00:00.000Z", "scores": [3, 8, 12], "alive": true,
        ],
        [
            "_id": "b", "name": "Ann", "age": 3.5, "tags": ["black"], "owner": ["city": "Bergen"],
            "born": "2021-06-01T00:00:00+02:00", "scores": [1], "alive": false,
        ],
        [
            "_id": "c", "name": "joe", "age": "7", "tags": [], "owner": nil, "born": "2019-12-31",
            "scores": [["k": "x", "v": 5], ["k": "y", "v": 9]],
        ],
        ["_id": "d", "name": "Zoë \"Z\"", "age": nil, "tags": "cute", "note": "line1\nline2"],
        ["_id": "e", "age": 12, "owner": ["city": "Oslo", "zip": "0150"], "tags": [["cute"]]],
    ]

    let fixture: QueryFixture
    init() throws { fixture = try QueryFixture(documents: Self.documents) }

    /// Each query and the ids it selects; typed here, since as the macro's argument this list
    /// took 0.75 s to type-check.
    static let operatorCases: [(String, [String])] = [
        (#"{}"#, ["a", "b", "c", "d", "e"]),
        (#"{"name":"Joe"}"#, ["a"]),
        (#"{"name":"Zoë \"Z\""}"#, ["d"]),
        (#"{"tags":"cute"}"#, ["a", "d"]),
        (#"{"tags":["cute"]}"#, ["e"]),
        (#"{"tags":[]}"#, ["c"]),
        (#"{"owner.city":"Oslo"}"#, ["a", "e"]),
        // Paths through arrays of objects, and positions.
        (#"{"scores.k":"y"}"#, ["c"]),
        (#"{"scores.v":{"$gt":6}}"#, ["c"]),
        (#"{"scores.k":{"$ne":"y"}}"#, ["a", "b", "d", "e"]),
        (#"{"tags.0":"cute"}"#, ["a", "e"]),
        (#"{"tags.1":"grey"}"#, ["a"]),
        (#"{"tags.0":{"$exists":true}}"#, ["a", "b", "e"]),
        (#"{"tags.0":{"$exists":false}}"#, ["c", "d"]),
        (#"{"tags.0.0":"cute"}"#, ["e"]),
        (#"{"scores.1.v":9}"#, ["c"]),
        (#"{"scores.0":{"$gt":2}}"#, ["a"]),
        (#"{"age":7}"#, ["a"]),
        (#"{"age":null}"#, ["d"]),
        (#"{"owner":null}"#, ["c", "d"]),
        (#"{"age":{"$eq":3.5}}"#, ["b"]),
        (#"{"age":{"$gt":5}}"#, ["a", "e"]),
        (#"{"age":{"$gte":7}}"#, ["a", "e"]),
        (#"{"age":{"$lt":7}}"#, ["b"]),
        (#"{"age":{"$lte":7}}"#, ["a", "b"]),
        (#"{"age":{"$gt":"5"}}"#, ["c"]),
        (#"{"age":{"$ne":7}}"#, ["b", "c", "d", "e"]),
        (#"{"age":{"$in":[7,"7"]}}"#, ["a", "c"]),
        (#"{"age":{"$in":[null]}}"#, ["d"]),
        (#"{"name":{"$in":[null]}}"#, ["e"]),
        (#"{"age":{"$nin":[7,12]}}"#, ["b", "c", "d"]),
        (#"{"note":{"$exists":true}}"#, ["d"]),
        (#"{"owner":{"$exists":false}}"#, ["d"]),
        (#"{"name":{"$exists":false}}"#, ["e"]),
        (#"{"name":{"$regex":"^jo"}}"#, ["c"]),
        (#"{"name":{"$regex":"^jo","$options":"i"}}"#, ["a", "c"]),
        (#"{"note":{"$regex":"^line2$","$options":"m"}}"#, ["d"]),
        (#"{"tags":{"$regex":"^gr"}}"#, ["a"]),
        (#"{"name":{"$not":"Joe"}}"#, ["b", "c", "d", "e"]),
        (#"{"age":{"$not":{"$gt":5}}}"#, ["b", "c", "d"]),
        (#"{"$and":[{"age":{"$gt":1}},{"owner.city":"Oslo"}]}"#, ["a", "e"]),
        (#"{"$or":[{"name":"Ann"},{"age":12}]}"#, ["b", "e"]),
        (#"{"age":{"$bt":[3,7]}}"#, ["a", "b"]),
        (#"{"scores":{"$elemMatch":{"$gt":5,"$lt":10}}}"#, ["a"]),
        (#"{"scores":{"$elemMatch":{"k":"y","v":{"$gte":9}}}}"#, ["c"]),
        (#"{"scores":{"$elemMatch":{"k":"x","v":9}}}"#, []),
        (#"{"born":{"$gt":{"$date":"2020-01-01"}}}"#, ["a", "b"]),
        (#"{"born":{"$lt":{"$date":"2021-05-31T21:00:00Z"}}}"#, ["a", "c"]),
        (#"{"born":{"$date":"2021-05-31T22:00:00.000Z"}}"#, ["b"]),
        (#"{"born":{"$bt":[{"$date":"2019-12-31"},{"$date":"2020-01-15T10:00:00Z"}]}}"#, ["a", "c"]),
        (#"{"_id":"c"}"#, ["c"]),
        (#"{"_id":{"$in":["a","e","zz"]}}"#, ["a", "e"]),
        (#"{"_created":{"$gte":3}}"#, ["d", "e"]),
        (#"{"_created":{"$lt":{"$date":"1970-01-01T00:00:00.002Z"}}}"#, ["a", "b"]),
        (#"{"_version":0,"_createdby":"api"}"#, ["a", "b", "c", "d", "e"]),
        (#"{"alive":true}"#, ["a"]),
        (#"{"alive":{"$lt":true}}"#, ["b"]),
        (#"{"Name":"Joe"}"#, []),
    ]

    @Test(arguments: operatorCases)
    func operatorReturnsTheExpectedDocuments(query: String, expected: [String]) throws {
        #expect(try fixture.ids(query) == expected, "\(query)")
    }

    @Test func mixedTypesSortInTheStatedOrder() throws {
        let ascending = try fixture.ids(.all, sort: [SortKey(path: FieldPath("age"))])
        // missing/null (d) < numbers (b 3.5, a 7, e 12) < strings (c "7")
        #expect(ascending == ["d", "b", "a", "e", "c"])
        let descending = try fixture.ids(.all, sort: [SortKey(path: FieldPath("age"), ascending: false)])
        #expect(descending == ["c", "e", "a", "b", "d"])
        let tags = try fixture.ids(.all, sort: [SortKey(path: FieldPath("tags"))])
        // a string ("cute") before arrays, arrays by compact JSON text: ["black"] < ["cute",..] < [[..]] < []
        #expect(tags == ["d", "b", "a", "e", "c"])
    }

    @Test func equalSortKeysKeepInsertionOrder() throws {
        let byCity = try fixture.ids(.all, sort: [SortKey(path: FieldPath("owner.city"), ascending: false)])
        #expect(byCity == ["a", "e", "b", "c", "d"])
    }

    @Test func freeTextFilterSearchesEveryStringIgnoringCase() throws {
        #expect(try fixture.ids(.all, filter: "OSLO") == ["a", "e"])
        #expect(try fixture.ids(.all, filter: "zoë") == ["d"])
        #expect(try fixture.ids(.all, filter: "ZOË") == ["d"])
        #expect(try fixture.ids(.all, filter: "\"z\"") == ["d"])
        #expect(try fixture.ids(.all, filter: "1\nline") == ["d"])
        #expect(try fixture.ids(.all, filter: "city") == [], "keys are not searched")
        #expect(try fixture.ids(.all, filter: "A") == ["b"])
        #expect(try fixture.ids(.all, filter: "") == ["a", "b", "c", "d", "e"])
    }
}
