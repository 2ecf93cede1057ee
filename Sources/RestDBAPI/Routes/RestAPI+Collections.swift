import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `DELETE /_restlite/collections/<collection>`: drops the collection with its documents, schema
    /// and indexes in one transaction (restdb has no REST route for it; its data manager does it).
    /// Full-access keys only, as everything under `/_restlite/`. Answers
    /// `{"dropped":"a3cats","documents":100}`; an unknown collection is 404. Child collections
    /// are collections of their own and stay.
    func dropCollection(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let count = try store.count(in: name)
        try store.dropCollection(name)
        let object: JSONObject = ["dropped": .string(name), "documents": .number(JSONNumber(count))]
        return .json(.ok, object.serialized())
    }
}
