import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// The OpenAPI document served at `/openapi.json` is the one in docs/, and it describes every
/// route the server has (and no route it lacks).
@Suite struct OpenAPIDocumentTests {
    static let docsFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.json")

    @Test func servedDocumentIsDocsOpenAPIJSONWithoutAKey() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let response = api.request(.get, "/openapi.json", headers: ["x-apikey": ""])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let onDisk = try Data(contentsOf: Self.docsFile)
        #expect(Data(response.body) == onDisk, "docs/openapi.json and the served document differ")
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsARoute() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let documented = try Self.documentedOperations()
        let routes = Set(api.responder.routes.map { "\($0.method.rawValue) \(Self.template($0.pattern))" })
        #expect(!routes.isEmpty)
        let undocumented = routes.subtracting(documented).sorted()
        let missing = documented.subtracting(routes).sorted()
        #expect(undocumented.isEmpty, "routes missing from docs/openapi.json: \(undocumented)")
        #expect(missing.isEmpty, "docs/openapi.json documents routes the server lacks: \(missing)")
    }

    @Test func documentIsOpenAPI31WithTheKeySchemes() throws {
        let root = try Self.document()
        #expect(root["openapi"] as? String == "3.1.0")
        let components = root["components"] as? [String: Any]
        let schemes = components?["securitySchemes"] as? [String: Any]
        #expect(Set(schemes?.keys.map { $0 } ?? []) == ["apiKeyHeader", "apiKeyQuery", "bearerKey"])
    }

    /// `/rest/:collection/:id` as OpenAPI writes it: `/rest/{collection}/{id}`.
    static func template(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
        }.joined(separator: "/")
    }

    static func document() throws -> [String: Any] {
        let data = try Data(contentsOf: docsFile)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func documentedOperations() throws -> Set<String> {
        let paths = try #require(try document()["paths"] as? [String: [String: Any]])
        let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        var operations: Set<String> = []
        for (path, item) in paths {
            for method in methods where item[method] != nil {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }
}
