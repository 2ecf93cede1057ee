import DocumentJSON
import DocumentStore
import SocketHTTP

/// `/_restlite/indexes`: the field indexes of the collections, declared and automatic, as
/// `restlite index add|list|remove` and the console use them.
extension RestAPI {
    /// `GET /_restlite/indexes[?collection=c]`: every field index, by collection and field:
    /// `{"indexes":[{"collection":"a3cats","field":"name","purposes":["filter","sort"],
    /// "automatic":false}]}`. An automatic index also says how reads used it since the server
    /// started: `"reads":12,"lastRead":"2026-11-26T11:02:03.456Z"` (`null` before the first).
    func listIndexes(_ request: HTTPRequest) throws -> HTTPResponse {
        let store = try indexingStore()
        let names = request.queryValue("collection").map { [$0] } ?? store.collectionNames()
        var indexes: [JSONValue] = []
        for name in names {
            let uses = try store.indexUses(of: name)
            for index in try store.indexes(of: name) {
                let purposes = index.purposes.map(\.rawValue).sorted().map(JSONValue.string)
                var object: JSONObject = [
                    "collection": .string(name), "field": .string(index.field), "purposes": .array(purposes),
                    "automatic": .bool(index.automatic),
                ]
                if index.automatic {
                    let used = uses.filter { $0.field == index.field && index.purposes.contains($0.purpose) }
                    // A read that filters and sorts on the field used both; it counts once.
                    object["reads"] = .number(JSONNumber(used.map(\.reads).max() ?? 0))
                    object["lastRead"] =
                        used.map(\.lastRead).max().map { JSONValue.string(ISODate.format(milliseconds: $0)) }
                        ?? JSONValue.null
                }
                indexes.append(.object(object))
            }
        }
        let object: JSONObject = ["indexes": .array(indexes)]
        return .json(.ok, object.serialized())
    }

    /// `POST /_restlite/indexes` with `{"collection":"a3cats","field":"rating"}`: declares an
    /// index on the field (idempotent; it takes the place of an automatic one), as `restlite
    /// index add` does; 200 with the pair. `restlite index add` goes through this route while a
    /// server holds the database.
    func createIndex(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try? JSON.parse(request.body).objectValue
        guard let collection = body?["collection"]?.stringValue, !collection.isEmpty,
            let field = body?["field"]?.stringValue, !field.isEmpty
        else {
            throw RestError(
                .badRequest,
                #"Send {"collection":"a3cats","field":"rating"}: the collection and the field to index."#)
        }
        _ = try indexingStore().createIndex(collection: collection, path: field)
        let object: JSONObject = ["collection": .string(collection), "field": .string(field)]
        return .json(.ok, object.serialized())
    }

    /// `DELETE /_restlite/indexes/<collection>/<field>`: removes the field's indexes, declared
    /// and automatic; 404 when it has none, 400 for a unique field (its check needs the index).
    func removeIndex(_ request: HTTPRequest) throws -> HTTPResponse {
        let collection = try collectionName(request)
        let field = request.pathParameters["field"] ?? ""
        guard try indexingStore().dropIndex(collection: collection, field: field) else {
            throw RestError(
                .notFound, "\(collection).\(field) has no index; GET /_restlite/indexes lists them.")
        }
        let object: JSONObject = ["collection": .string(collection), "removed": .string(field)]
        return .json(.ok, object.serialized())
    }

    private func indexingStore() throws -> any IndexingEngine {
        guard let store = store as? any IndexingEngine else {
            throw RestError(.init(code: 501), "This server's store has no field indexes.")
        }
        return store
    }
}
