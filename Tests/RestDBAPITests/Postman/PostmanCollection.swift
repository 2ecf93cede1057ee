import DocumentJSON
import DocumentStore
import Foundation

/// The parts of a Postman v2.1 collection (docs/postman) that the collection test runs:
/// its requests in run order (folders flattened), their test scripts and saved examples.
struct PostmanCollection {
    static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// `docs/postman/` in this checkout, found from this file's path so the test runs from any
    /// working directory.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/postman")

    static let collectionURL = folder.appendingPathComponent("restlite.postman_collection.json")
    static let environmentURL = folder.appendingPathComponent("restlite.postman_environment.json")

    let root: JSONValue
    let items: [PostmanItem]

    init(url: URL = Self.collectionURL) throws {
        root = try JSON.parse(Array(try Data(contentsOf: url)))
        items = Self.requests(in: root["item"]?.arrayValue ?? [], folder: "")
    }

    /// Names of the collection's own variables (`variable` array).
    var variableNames: [String] {
        (root["variable"]?.arrayValue ?? []).compactMap { $0["key"]?.stringValue }
    }

    /// Depth first, as the Collection Runner visits them.
    private static func requests(in items: [JSONValue], folder: String) -> [PostmanItem] {
        items.flatMap { item -> [PostmanItem] in
            let name = item["name"]?.stringValue ?? "?"
            if let children = item["item"]?.arrayValue {
                return requests(in: children, folder: name)
            }
            return [PostmanItem(json: item, folder: folder, name: name)]
        }
    }
}

/// One request of the collection.
struct PostmanItem {
    let json: JSONValue
    let folder: String
    let name: String

    var title: String { "\(folder) / \(name)" }
    var method: String? { json["request"]?["method"]?.stringValue }
    var rawURL: String? { json["request"]?["url"]?["raw"]?.stringValue }
    var body: String? { json["request"]?["body"]?["raw"]?.stringValue }

    var headers: [(String, String)] {
        (json["request"]?["header"]?.arrayValue ?? []).compactMap { header in
            guard header["disabled"]?.boolValue != true, let key = header["key"]?.stringValue,
                let value = header["value"]?.stringValue
            else { return nil }
            return (key, value)
        }
    }

    /// The lines of the `test` scripts.
    var testScript: [String] {
        (json["event"]?.arrayValue ?? []).filter { $0["listen"]?.stringValue == "test" }
            .flatMap { $0["script"]?["exec"]?.arrayValue ?? [] }.compactMap(\.stringValue)
    }

    var examples: [PostmanExample] {
        (json["response"]?.arrayValue ?? []).map(PostmanExample.init)
    }
}

/// A saved example response.
struct PostmanExample {
    let json: JSONValue

    var code: Int? { json["code"]?.numberValue.flatMap { Int($0.description) } }
    var body: String? { json["body"]?.stringValue }

    /// The example's Content-Type header, when it saved one.
    var contentType: String? {
        (json["header"]?.arrayValue ?? []).first { $0["key"]?.stringValue?.lowercased() == "content-type" }?[
            "value"]?.stringValue
    }

    /// The fields Postman needs to show an example; empty when it is complete.
    var missingFields: [String] {
        ["originalRequest", "code", "status", "header", "body"].filter { json[$0] == nil }
    }
}
