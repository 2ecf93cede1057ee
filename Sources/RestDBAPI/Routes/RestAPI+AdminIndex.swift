import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// One route under `/_restlite/` as the index lists it.
    struct AdminIndexEntry: Sendable, Equatable {
        let method: String
        let path: String
        let description: String
    }

    /// The `/_restlite/` routes this router serves (the admin routes only when they are
    /// mounted), each with the one-line summary of its OpenAPI operation, so the list and the
    /// document cannot disagree.
    static func adminIndexEntries(_ routes: [RoutePattern]) -> [AdminIndexEntry] {
        let summaries = openAPISummaries
        return routes.filter { $0.pattern.hasPrefix("/_restlite") }.map { route in
            let path = route.pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix(":") ? "{\(segment.dropFirst())}" : String(segment)
            }.joined(separator: "/")
            let method = route.method.rawValue
            return AdminIndexEntry(
                method: method, path: path, description: summaries["\(method) \(path)"] ?? "")
        }
    }

    /// `"GET /_restlite/journal"` to its OpenAPI summary.
    /// Read from the compiled-in document once per process (every server a process assembles,
    /// e.g. one per test, shares it).
    private static let openAPISummaries: [String: String] = {
        guard let paths = (try? JSON.parse(OpenAPIDocument.bytes))?.objectValue?["paths"]?.objectValue else {
            return [:]
        }
        var summaries: [String: String] = [:]
        for path in paths {
            for operation in path.value.objectValue ?? [:] {
                if let summary = operation.value.objectValue?["summary"]?.stringValue {
                    summaries["\(operation.key.uppercased()) \(path.key)"] = summary
                }
            }
        }
        return summaries
    }()

    /// `GET /_restlite/`: the index of the routes under it, without a key (it lists routes,
    /// not data). JSON for clients; an HTML page when the request prefers `text/html` (a
    /// browser following the banner's `admin:` link).
    static func adminIndex(_ entries: [AdminIndexEntry], _ request: HTTPRequest) -> HTTPResponse {
        let accept = request.headers["Accept"] ?? ""
        if accept.contains("text/html") { return adminIndexPage(entries) }
        let routes: [JSONValue] = entries.map { entry in
            .object([
                "method": .string(entry.method), "path": .string(entry.path),
                "description": .string(entry.description),
            ])
        }
        let object: JSONObject = [
            "routes": .array(routes),
            "key": .string("Every route but this index needs a full-access key (x-apikey header)."),
            "docs": .string("docs/CLI.md (Admin routes for test suites), docs/API.md, GET /openapi.json"),
        ]
        return .json(.ok, object.serialized())
    }

    private static func adminIndexPage(_ entries: [AdminIndexEntry]) -> HTTPResponse {
        let rows = entries.map { entry in
            "<tr><td>\(entry.method)</td><td><code>\(escaped(entry.path))</code></td>"
                + "<td>\(escaped(entry.description))</td></tr>"
        }.joined(separator: "\n")
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>restlite admin routes</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>body{font:15px/1.4 system-ui,sans-serif;margin:2em;max-width:60em}\
            td{padding:.2em .8em .2em 0;vertical-align:top}code{white-space:nowrap}</style></head>
            <body><h1>restlite admin routes</h1>
            <p>Every route below but this index needs a full-access key in the <code>x-apikey</code> \
            header (<code>restlite keys list</code> shows the keys). The same list as JSON: ask with \
            <code>Accept: application/json</code>. Full reference: docs/CLI.md, docs/API.md and \
            <a href="/openapi.json">/openapi.json</a>.</p>
            <table>
            \(rows)
            </table></body></html>

            """
        var response = HTTPResponse(status: .ok, body: Array(page.utf8))
        response.headers.set("Content-Type", "text/html; charset=utf-8")
        return response
    }

    private static func escaped(_ text: String) -> String {
        text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
