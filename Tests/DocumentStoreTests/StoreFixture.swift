import DocumentJSON
import RestLiteTesting

@testable import DocumentStore

/// The store tests' fixture: a `TemporaryStore` with a few helpers of their own.
typealias StoreFixture = TemporaryStore

extension TemporaryStore {
    static func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSON.parse(text) else { fatalError("not an object: \(text)") }
        return object
    }

    static let catSchema = CollectionSchema(fields: [
        FieldSchema(name: "name", type: .text, required: true),
        FieldSchema(name: "weightKg", type: .floatNumber),
        FieldSchema(name: "lives", type: .number),
        FieldSchema(name: "birthDate", type: .date),
        FieldSchema(name: "indoor", type: .bool),
        FieldSchema(name: "chip", type: .text, unique: true),
    ])
}
