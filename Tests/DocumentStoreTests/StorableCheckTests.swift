import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentStore

/// Every write path refuses what could never be read back or queried: numbers beyond a
/// double and field names starting with `$` or with an empty part, at any depth.
@Suite struct StorableCheckTests {
    @Test func theCheckNamesEveryOffendingPath() throws {
        let object = try StoreFixture.object(
            #"{"ok":1.5,"big":1e400,"neg":-1E+999,"n":{"a":[0,{"$x":1}],"b.":2},"":3,"long":1\#(String(repeating: "0", count: 400))}"#
        )
        #expect(
            StorableCheck.problems(in: object).map(\.field) == ["big", "neg", "n.a.1.$x", "n.b.", "", "long"])
        #expect(
            StorableCheck.problems(in: try StoreFixture.object(#"{"tiny":1e-400,"a.b":{"c":[1e308]}}"#))
                .isEmpty)
    }

    @Test func insertsAndUpdatesRefuseThemWithAndWithoutSchemaOrValidation() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.setSchema(StoreFixture.catSchema, for: "cats")
        let id = try fixture.store.insert(["name": "Tom"], into: "cats").id
        for collection in ["cats", "notes"] {
            for validate in [true, false] {
                let error = #expect(throws: StoreError.self) {
                    _ = try fixture.store.insert(
                        try StoreFixture.object(#"{"name":"x","weightKg":1e400}"#), into: collection,
                        options: WriteOptions(validate: validate))
                }
                guard case .validation(let fields)? = error else {
                    Issue.record("not a validation error: \(String(describing: error))")
                    continue
                }
                #expect(fields.map(\.field) == ["weightKg"])
            }
        }
        for update in [#"{"weightKg":-1e400}"#, #"{"$set":{"n.":1}}"#, #"{"$push":{"t":{"$bad":1}}}"#] {
            #expect(throws: StoreError.self) {
                _ = try fixture.store.update(id, in: "cats", with: try StoreFixture.object(update))
            }
        }
        #expect(try fixture.store.document(id, in: "cats").version == 0)
    }
}
