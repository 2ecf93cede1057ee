import DataTransfer
import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `POST /_restlite/photos` with `{"to":"local"}` or `{"to":"remote"}` (optional
    /// `"base":"http://192.168.1.5:8080"`, `"collection":"a3cats"`): points the stored photo URLs
    /// of dummyimage.com, placekitten.com and cdn2.thecatapi.com at this server's stand-ins, or
    /// back. The base is `base`, else `--public-url`, else the request's `Host`. Answers the
    /// counts: `{"to":"local","base":"http://127.0.0.1:8080","documents":100,"values":100}`.
    /// `restlite photos local|remote` goes through this route while a server runs.
    func switchPhotos(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try? JSON.parse(request.body).objectValue
        let collection = body?["collection"]?.stringValue
        let base = body?["base"]?.stringValue ?? options.publicURL ?? request.hostBaseURL
        let direction: PhotoURLSwitch
        switch body?["to"]?.stringValue {
        case "local":
            guard let localImageURLs = options.localImageURLs else {
                throw RestError(
                    .conflict,
                    "This server runs with --no-standins, so stand-in photo URLs would not load here.")
            }
            direction = .local(localImageURLs(base))
        case "remote":
            direction = .remote
        default:
            throw RestError(.badRequest, #"Send {"to":"local"} or {"to":"remote"}."#)
        }
        let outcome = try PhotoURLSwitch.apply(to: store, direction, collections: collection.map { [$0] })
        var object: JSONObject = ["to": body?["to"] ?? .null]
        if case .local = direction { object["base"] = .string(base) }
        object["documents"] = .number(JSONNumber(outcome.documents))
        object["values"] = .number(JSONNumber(outcome.values))
        return .json(.ok, object.serialized())
    }
}
