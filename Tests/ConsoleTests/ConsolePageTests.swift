import DocumentStore
import Foundation
import RestDBAPI
import ServerAssembly
import SocketHTTP
import Testing

@testable import Console

@Suite struct ConsolePageTests {
    static let csp =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    static func expectSecured(_ response: HTTPResponse) {
        #expect(response.headers["Content-Security-Policy"] == csp)
        #expect(response.headers["X-Frame-Options"] == "DENY")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "no-referrer")
    }

    @Test func aBrowserAtTheRootGetsThePageAndAnAPIClientTheUsualAnswer() async throws {
        let server = try await ConsoleServer()
        let page = server.request(
            .get, "/", headers: [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
        #expect(page.status == .ok)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.body == ConsoleAsset.all["index.html"]?.bytes)
        Self.expectSecured(page)

        let off = try await ConsoleServer(console: false)
        for target in ["/", "/rest/a3cats?max=1", "/rest/a3cats/_meta"] {
            let withConsole = server.request(.get, target, headers: [("Accept", "application/json")])
            let without = off.request(.get, target, headers: [("Accept", "application/json")])
            #expect(withConsole.status == without.status)
            #expect(withConsole.headers["Content-Security-Policy"] == nil)
        }
        #expect(server.request(.get, "/").status == .notFound)
        #expect(
            server.request(.get, "/rest/a3cats", headers: [("Accept", "text/html")]).status == .unauthorized)
    }

    @Test func assetsAreServedWithTypeCachingTagAndSecurityHeaders() async throws {
        let server = try await ConsoleServer()
        let script = server.request(.get, "/_console/app.js")
        #expect(script.status == .ok)
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(script.headers["Cache-Control"] == "no-cache")
        let tag = try #require(script.headers["ETag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        Self.expectSecured(script)
        #expect(
            server.request(.get, "/_console/style.css").headers["Content-Type"] == "text/css; charset=utf-8")

        let again = server.request(.get, "/_console/app.js", headers: [("If-None-Match", tag)])
        #expect(again.status == .notModified)
        #expect(again.body.isEmpty)
        let missing = server.request(.get, "/_console/nothing.js")
        #expect(missing.status == .notFound)
        Self.expectSecured(missing)
        Self.expectSecured(server.request(.get, "/_console/session"))
    }

    @Test func noConsoleTurnsPagesAndSessionsOff() async throws {
        let server = try await ConsoleServer(console: false)
        #expect(server.server.console == nil)
        #expect(server.request(.get, "/", headers: [("Accept", "text/html")]).status == .notFound)
        #expect(server.request(.get, "/_console/app.js").status == .notFound)
        let signIn = server.request(.post, "/_console/session", body: #"{"key":"\#(server.fullKey)"}"#)
        #expect(signIn.status == .notFound)
        #expect(signIn.headers["Set-Cookie"] == nil)

        var flags = ServeOverrides()
        flags.noConsole = true
        #expect(try ServeConfiguration.resolve(flags, environment: [:]).console == false)
        #expect(
            try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_NO_CONSOLE": "1"])
                .console == false)
        #expect(try ServeConfiguration.resolve(ServeOverrides(), environment: [:]).console)
    }

    /// Every file of Assets/ is listed in ConsoleAssetList (SwiftPM gives no list of them).
    @Test func everyAssetFileIsServed() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Console/Assets").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            !$0.hasPrefix(".")
        }
        #expect(Set(files) == Set(ConsoleAsset.all.keys))
        for name in files {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(ConsoleAsset.all[name]?.bytes == Array(bytes), "\(name) is served as it is on disk")
        }
    }

    /// Every module a console script imports (`from "./x.js"`, `import("./x.js")`) is served, so
    /// a view split into modules never asks for a file the binary lacks.
    @Test func everyImportedModuleIsServed() throws {
        let pattern = try Regex(#"(?:from|import\()\s*"\./([^"]+)""#)
        var imported: Set<String> = []
        for (name, asset) in ConsoleAsset.all where name.hasSuffix(".js") {
            for match in String(decoding: asset.bytes, as: UTF8.self).matches(of: pattern) {
                if let found = match.output[1].substring { imported.insert(String(found)) }
            }
        }
        let documentsView: Set = [
            "documents.js", "table.js", "row-editor.js", "fields.js", "live.js", "query-state.js",
        ]
        #expect(imported.isSuperset(of: documentsView))
        #expect(imported.subtracting(ConsoleAsset.all.keys).isEmpty, "imported, not served: \(imported)")
    }
}
