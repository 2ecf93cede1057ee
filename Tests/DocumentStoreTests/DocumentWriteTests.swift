import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentStore

@Suite struct DocumentWriteTests {
    @Test func insertKeepsKeyOrderNumbersAndNesting() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let input = #"{"b":2,"a":2.56,"c":3.456789,"n":{"z":[1,{"y":null}],"t":true},"_version":9}"#
        let stored = try fixture.store.insert(try StoreFixture.object(input), into: "cats")
        let read = try fixture.store.document(stored.id, in: "cats")
        let expected =
            #"{"_id":"\#(stored.id)","b":2,"a":2.56,"c":3.456789,"n":{"z":[1,{"y":null}],"t":true}}"#
        #expect(read.jsonString(metafields: false) == expected)
        #expect(read.version == 0 && read.createdBy == "api")
    }

    @Test func metafieldsAreSplicedBeforeTheClosingBrace() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(["a": 1], into: "cats", options: WriteOptions(actor: "seed"))
        let object = try JSON.parse(stored.jsonString(metafields: true)).objectValue!
        #expect(object.keys == ["_id", "a", "_created", "_changed", "_createdby", "_changedby", "_version"])
        #expect(object["_createdby"] == "seed")
        #expect(object["_version"] == 0)
        #expect(object["_created"]?.stringValue == ISODate.format(milliseconds: stored.created))
    }

    @Test func updateMergesShallowAndBumpsVersion() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(
            try StoreFixture.object(#"{"name":"Tom","age":3,"o":{"x":1}}"#), into: "cats")
        let updated = try fixture.store.update(
            stored.id, in: "cats", with: try StoreFixture.object(#"{"age":4,"o":{"y":2},"_version":50}"#))
        #expect(
            updated.jsonString(metafields: false)
                == #"{"_id":"\#(stored.id)","name":"Tom","age":4,"o":{"y":2}}"#)
        #expect(updated.version == 1)
        #expect(try fixture.store.document(stored.id, in: "cats").version == 1)
    }

    @Test func updateIfVersionAppliesOnlyToTheVersionItWasMadeAgainst() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(try StoreFixture.object(#"{"age":3}"#), into: "cats")
        let first = try fixture.store.update(
            stored.id, in: "cats", with: try StoreFixture.object(#"{"age":4}"#), ifVersionIn: [stored.version]
        )
        #expect(first.version == stored.version + 1)
        #expect(throws: VersionConflict(id: stored.id, current: first.version)) {
            try fixture.store.update(
                stored.id, in: "cats", with: try StoreFixture.object(#"{"age":5}"#),
                ifVersionIn: [stored.version])
        }
        #expect(
            try fixture.store.document(stored.id, in: "cats").jsonString(metafields: false).contains(
                #""age":4"#))
    }

    @Test func updateOperatorsChangeTheirPaths() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(
            try StoreFixture.object(#"{"rating":5,"tags":["a","b","a"],"gone":1,"o":{}}"#), into: "cats")
        let update =
            #"{"$inc":{"rating":-2,"visits":1},"$push":{"tags":"c"},"$pull":{"tags":"a"},"#
            + #""$unset":{"gone":""},"$set":{"o.p":true}}"#
        let updated = try fixture.store.update(stored.id, in: "cats", with: try StoreFixture.object(update))
        let expected = #"{"_id":"\#(stored.id)","rating":3,"tags":["b","c"],"o":{"p":true},"visits":1}"#
        #expect(updated.jsonString(metafields: false) == expected)
    }

    @Test(arguments: [
        #"{"$set":{"_version.x":1,"_created.y":2,"_id.z":3,"_changedby.q":"me"}}"#,
        #"{"$inc":{"_version.x":1,"_changed.n":5}}"#,
        #"{"$push":{"_createdby.tags":"x"},"$unset":{"_version.x":""},"$pull":{"_created.a":1}}"#,
        #"{"_version.x":1,"_created.y":2,"_id.z":3}"#,
    ])
    func pathsUnderSystemFieldsAreIgnoredLikeTheFieldsThemselves(update: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        // A schema sends plain merges through the parsed path, no schema through `BodyMerge`.
        try fixture.store.setSchema(
            CollectionSchema(fields: [FieldSchema(name: "a", type: .number)]), for: "typed")
        for collection in ["typed", "bare"] {
            let stored = try fixture.store.insert(["a": 1], into: collection)
            let updated = try fixture.store.update(
                stored.id, in: collection, with: try StoreFixture.object(update))
            #expect(
                updated.jsonString(metafields: false) == #"{"_id":"\#(stored.id)","a":1}"#, "\(collection)")
            #expect(updated.version == 1)
            // With metafields every system key appears once.
            let text = try fixture.store.document(stored.id, in: collection).jsonString(metafields: true)
            for name in SystemFields.names {
                #expect(text.components(separatedBy: "\"\(name)\"").count == 2, "\(collection): \(text)")
            }
        }
    }

    @Test func insertsDropPathsUnderSystemFieldsToo() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(
            try StoreFixture.object(#"{"a":1,"_version.x":1,"_created.y":2,"_idea":3}"#), into: "cats")
        #expect(stored.jsonString(metafields: false) == #"{"_id":"\#(stored.id)","a":1,"_idea":3}"#)
    }

    @Test func pullAndUnsetOfAMissingOrNullFieldChangeNothing() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(
            try StoreFixture.object(#"{"tags":null,"o":null}"#), into: "cats")
        let update = #"{"$pull":{"tags":"a","none":"a","o.tags":"a","p.q":"a"},"$unset":{"o.x":"","r.s":""}}"#
        let updated = try fixture.store.update(stored.id, in: "cats", with: try StoreFixture.object(update))
        #expect(updated.jsonString(metafields: false) == #"{"_id":"\#(stored.id)","tags":null,"o":null}"#)
        // `$push` onto the same null field still starts an array.
        let pushed = try fixture.store.update(stored.id, in: "cats", with: ["$push": ["tags": "a"]])
        #expect(pushed.object()["tags"] == ["a"])
    }

    @Test func incNeverLeavesJSONNumbers() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(
            try StoreFixture.object(#"{"max":9223372036854775807,"min":-9223372036854775808,"huge":1e308}"#),
            into: "cats")
        for (field, step) in [("max", 1), ("min", -1)] {
            #expect(throws: StoreError.self, "\(field)") {
                try fixture.store.update(
                    stored.id, in: "cats", with: ["$inc": [field: .number(JSONNumber(step))]])
            }
        }
        let big = try fixture.store.update(
            stored.id, in: "cats", with: ["$inc": ["max": -1, "min": .number(JSONNumber(Int64.max))]])
        #expect(big.object()["max"] == 9_223_372_036_854_775_806 && big.object()["min"] == -1)
    }

    @Test func incOnTextIsABadRequest() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(["name": "Tom"], into: "cats")
        #expect(throws: StoreError.self) {
            try fixture.store.update(stored.id, in: "cats", with: ["$inc": ["name": 1]])
        }
        #expect(throws: StoreError.badRequest("$inc of 'n' needs a whole number such as 1 or -1.")) {
            try fixture.store.update(stored.id, in: "cats", with: ["$inc": ["n": 1.5]])
        }
    }

    @Test func incTakesWholeNumbersWrittenAsStrings() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(["age": 3, "salary": 100], into: "cats")
        let updated = try fixture.store.update(
            stored.id, in: "cats", with: ["$inc": ["age": "1", "salary": "-50", "new": "+7"]])
        #expect(
            updated.object()["age"] == 4 && updated.object()["salary"] == 50 && updated.object()["new"] == 7)
        for text in ["1.5", "one", "", " 1", "1e2", "-", "99999999999999999999"] {
            #expect(
                throws: StoreError.badRequest("$inc of 'age' needs a whole number such as 1 or -1."),
                "\(text)"
            ) {
                try fixture.store.update(stored.id, in: "cats", with: ["$inc": ["age": .string(text)]])
            }
        }
    }

    @Test func updateRejectsOtherIDAndMissingDocument() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let stored = try fixture.store.insert(["a": 1], into: "cats")
        let other = ObjectID.generate()
        #expect(throws: StoreError.idMismatch(body: other, target: stored.id)) {
            try fixture.store.update(stored.id, in: "cats", with: ["_id": .string(other)])
        }
        _ = try fixture.store.update(stored.id, in: "cats", with: ["_id": .string(stored.id), "a": 2])
        #expect(throws: StoreError.documentNotFound(other)) {
            try fixture.store.update(other, in: "cats", with: ["a": 2])
        }
        #expect(throws: StoreError.invalidID("nope")) { try fixture.store.document("nope", in: "cats") }
    }

    @Test func batchWithABadElementStoresNothing() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.createCollection("cats", schema: StoreFixture.catSchema)
        let batch: [JSONObject] = [["name": "A"], ["name": "B", "lives": "nine"], ["name": "C"]]
        #expect(throws: StoreError.self) { try fixture.store.insertMany(batch, into: "cats") }
        #expect(try fixture.store.count(in: "cats") == 0)
        let stored = try fixture.store.insertMany(batch, into: "cats", options: WriteOptions(validate: false))
        #expect(stored.count == 3)
    }

    @Test func deletesByIDByListAndByQuery() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let docs = try fixture.store.insertMany(
            (0..<5).map { ["n": .number(JSONNumber($0)), "k": "x"] }, into: "c")
        #expect(try fixture.store.delete(docs[0].id, from: "c") == docs[0].id)
        #expect(throws: StoreError.documentNotFound(docs[0].id)) {
            try fixture.store.delete(docs[0].id, from: "c")
        }
        #expect(try fixture.store.delete(ids: [docs[0].id, docs[1].id], from: "c") == [docs[1].id])
        #expect(try fixture.store.delete(matching: ["n": 3], from: "c") == [docs[3].id])
        let ids = try fixture.store.updateMany(in: "c", matching: ["k": "x"], with: ["$inc": ["n": 10]])
        #expect(ids == [docs[2].id, docs[4].id])
        #expect(try fixture.store.document(docs[4].id, in: "c").object()["n"] == 14)
    }
}
