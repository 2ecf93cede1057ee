import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentStore

/// `BodyMerge` must give exactly the bytes of the parse, assign and write path it replaces, or
/// step aside (nil).
@Suite struct BodyMergeTests {
    private static let keys = ["a", "b", "n", "o", "é", "a\"b", "x\\y", "x.y", "", "_id", "_version", "new"]

    /// The full path: parse the stored body, assign every change, write it again.
    private func parsedMerge(_ body: [UInt8], _ changes: JSONObject) throws -> [UInt8] {
        let applier = try UpdateApplier(changes, targetID: "5d9f1c2ba1b2c3d4e5f60718")
        guard case .object(let current) = try JSON.parse(body) else { return [] }
        var fields = try applier.apply(to: current)
        fields.setFirst(SystemFields.id, .string("5d9f1c2ba1b2c3d4e5f60718"))
        var bytes: [UInt8] = []
        fields.write(to: &bytes)
        return bytes
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func splicesExactlyWhatParsingWouldWrite(seed: UInt64) throws {
        var generator = QueryGenerator(seed: seed)
        var spliced = 0
        for _ in 0..<400 {
            var stored = JSONObject()
            stored["_id"] = .string("5d9f1c2ba1b2c3d4e5f60718")
            for key in Self.keys where key != "_id" && generator.chance(50) {
                stored[key] = generator.value(depth: 2)
            }
            var body: [UInt8] = []
            stored.write(to: &body)
            var changes = JSONObject()
            for key in Self.keys where key != "_id" && generator.chance(30) {
                changes[key] = generator.value(depth: 2)
            }
            let expected = try parsedMerge(body, changes)
            if let merged = BodyMerge.merge(body, with: changes) {
                spliced += 1
                #expect(
                    merged == expected,
                    "\(String(decoding: body, as: UTF8.self)) + \(JSONValue.object(changes).serialized())")
            }
        }
        // The splice must be the common case, not a path that always steps aside.
        #expect(spliced > 360)
    }

    @Test func stepsAsideForBodiesItCannotReadPlainly() {
        let changes: JSONObject = ["a": 1]
        #expect(BodyMerge.merge(Array(#"{ "a":2}"#.utf8), with: changes) == nil)
        #expect(BodyMerge.merge(Array(#"{"a" :2}"#.utf8), with: changes) == nil)
        #expect(BodyMerge.merge(Array(#"{"b":2}x"#.utf8), with: changes) == nil)
        #expect(BodyMerge.merge(Array(#"[1]"#.utf8), with: changes) == nil)
        #expect(BodyMerge.merge(Array(#"{"b":2}"#.utf8), with: changes) == Array(#"{"b":2,"a":1}"#.utf8))
        #expect(BodyMerge.merge(Array(#"{}"#.utf8), with: changes) == Array(#"{"a":1}"#.utf8))
    }

    /// Through the store: a schemaless plain merge (spliced) and an operator update (parsed)
    /// store the bytes the parse path would.
    @Test func storeMergesAndOperatorUpdatesKeepTheirBytes() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let cat = try fixture.store.insert(["name": "Tom", "tags": ["a"], "n": 2.50], into: "cats")
        let merged = try fixture.store.update(cat.id, in: "cats", with: ["n": 3, "owner": ["x": "é\""]])
        #expect(
            String(decoding: merged.body, as: UTF8.self)
                == #"{"_id":"\#(cat.id)","name":"Tom","tags":["a"],"n":3,"owner":{"x":"é\""}}"#)
        #expect(try fixture.store.document(cat.id, in: "cats").body == merged.body)
        let incremented = try fixture.store.update(cat.id, in: "cats", with: ["$inc": ["n": 1]])
        #expect(incremented.object()["n"] == 4)
    }
}
