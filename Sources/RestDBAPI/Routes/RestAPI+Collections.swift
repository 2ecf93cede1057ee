import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `DELETE /_restlite/collections/<collection>`: drops the collection with its documents, schema
    /// and indexes in one transaction (restdb has no REST route for it; its data manager does it).
    /// Full-access keys only, as everything under `/_restlite/`. Answers
    /// `{"dropped":"a3cats","documents":100}`; an unknown collection is 404. Child collections
    /// are collections of their own and stay; the children of the dropped documents go with
    /// them, in the same transaction. Realtime subscribers get `delete` events for the dropped
    /// documents (1,000 ids per event, so no event outgrows a subscriber's queue) and for the
    /// children.
    func dropCollection(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let ids = try store.dropCollection(name)
        for start in stride(from: 0, to: ids.count, by: 1000) {
            emitDeleted(name, Array(ids[start..<min(ids.count, start + 1000)]))
        }
        let object: JSONObject = ["dropped": .string(name), "documents": .number(JSONNumber(ids.count))]
        return .json(.ok, object.serialized())
    }
}
