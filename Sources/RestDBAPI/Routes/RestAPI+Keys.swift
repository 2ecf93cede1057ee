import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `GET /_restlite/keys`, a restlite extension: every accepted key with its scope, nothing
    /// masked (a full-access key can read `keys.json` anyway). `KeyMiddleware` lets only
    /// full-access keys reach the `/_restlite/` routes.
    func listKeys(_ request: HTTPRequest) throws -> HTTPResponse {
        .json(.ok, JSONValue.array(keys.keys.map(Self.keyJSON)).serialized())
    }

    /// `POST /_restlite/keys` with `{"full":true}` or `{"methods":["GET"],"path":"/a3cats/**",
    /// "origins":["http://localhost:3000"]}` (and an optional `note`): 201 with the new key,
    /// accepted from the next request on.
    func addKey(_ request: HTTPRequest) throws -> HTTPResponse {
        guard case .object(let body) = try JSON.parse(request.body) else {
            throw RestError(.badRequest, #"Send the key's scope as a JSON object, such as {"full":true}."#)
        }
        let full = body["full"]?.boolValue ?? false
        let methods = try Self.strings(body["methods"], "methods")
        let origins = try Self.strings(body["origins"], "origins")
        let path = body["path"]?.stringValue
        guard full || !methods.isEmpty || path != nil || !origins.isEmpty else {
            throw RestError(
                .badRequest,
                #"Say what the key may do: {"full":true}, or a scope such as {"methods":["GET"],"path":"/a3cats/**"}."#
            )
        }
        let key = try editingKeys {
            try keys.addKey(
                full: full, methods: methods, path: path, origins: origins, note: body["note"]?.stringValue)
        }
        return .json(.created, Self.keyJSON(key).serialized())
    }

    /// `DELETE /_restlite/keys/<key>`: `{"result":["<key>"]}`; the key stops working at once.
    func removeKey(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = request.pathParameters["key"] ?? ""
        if keys.isCommandLineKey(key) {
            throw RestError(
                .conflict,
                "That key was given with --apikey, not kept in \(keyPlace); restart without it.")
        }
        guard try editingKeys({ try keys.removeKey(key) }) else {
            throw RestError(.notFound, "\(keyPlace) holds no such key; GET /_restlite/keys lists them.")
        }
        return Self.result([key])
    }

    /// Where the stored keys are, as the answers name it: `keys.json` or the database.
    private var keyPlace: String {
        keys.source is DatabaseKeySource ? "the database" : "keys.json"
    }

    /// Runs a key edit, turning its refusals into answers.
    private func editingKeys<Result>(_ edit: () throws -> Result) throws -> Result {
        do {
            return try edit()
        } catch let error as KeyEditError {
            throw RestError(.badRequest, error.description)
        } catch KeyRingEditError.noKeyFile {
            throw RestError(
                .conflict,
                "This server keeps no keys.json (it runs in memory); its keys are the --apikey ones.")
        } catch KeyRingEditError.lastFullAccessKey {
            throw RestError(
                .conflict, "That is the last full-access key; add another before removing it.")
        }
    }

    static func keyJSON(_ key: APIKey) -> JSONValue {
        var object: JSONObject = [
            "key": .string(key.key), "kind": .string(key.full ? "full" : "scoped"),
            "methods": .array(key.methods.map { .string($0) }), "path": key.path.map { .string($0) } ?? .null,
            "origins": .array(key.origins.map { .string($0) }),
            "created": key.created.map { .string($0) } ?? .null,
        ]
        if let note = key.note { object["note"] = .string(note) }
        return .object(object)
    }

    private static func strings(_ value: JSONValue?, _ name: String) throws -> [String] {
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value, let strings = Optional(items.compactMap(\.stringValue)),
            strings.count == items.count
        else {
            throw RestError(.badRequest, "\(name) must be an array of strings.")
        }
        return strings
    }
}
