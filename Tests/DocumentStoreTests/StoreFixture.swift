@testable import DocumentStore

/// A store on a fresh temporary file; `close()` removes it.
struct StoreFixture {
    let database = TemporaryDatabase()
    let store: DocumentStore

    init(options: DocumentStore.Options = .init()) throws {
        store = try DocumentStore(path: database.path, options: options)
    }

    func close() {
        database.remove()
    }

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
