import DocumentStore
import RestLiteTesting
import SocketHTTP
import Testing

/// `GET /_restlite/export/<c>?format=csv` escapes formulas (a `'` in front) unless `raw=true`,
/// and `POST /_restlite/import` of the escaped file gives back the values.
@Suite struct CSVExportRouteTests {
    @Test func csvExportEscapesFormulasUnlessRawAndImportsBackWhole() throws {
        let api = try TestAPI()
        let body =
            #"[{"f":"=HYPERLINK(\"http://evil.example\")","g":"@SUM(A1)","n":-3},{"f":"+1","g":"-x","n":2}]"#
        #expect(api.request(.post, "/rest/cells", body: body).status == .created)
        let escaped = api.request(.get, "/_restlite/export/cells?format=csv")
        #expect(escaped.status == .ok)
        let text = escaped.bodyString
        #expect(text.contains(#""'=HYPERLINK(""http://evil.example"")",'@SUM(A1),-3"#), "\(text)")
        #expect(text.contains(",'+1,'-x,2"), "\(text)")
        let raw = api.request(.get, "/_restlite/export/cells?format=csv&raw=true").bodyString
        #expect(raw.contains(#""=HYPERLINK(""http://evil.example"")",@SUM(A1),-3"#), "\(raw)")

        let imported = api.request(.post, "/_restlite/import?collection=copies&format=csv", body: text)
        #expect(imported.status == .created, "\(imported.bodyString)")
        let copies = try api.request(.get, "/rest/copies?sort=n&dir=-1").json().arrayValue ?? []
        #expect(copies.map { $0["f"]?.stringValue } == ["+1", #"=HYPERLINK("http://evil.example")"#])
        #expect(copies.map { $0["g"]?.stringValue } == ["-x", "@SUM(A1)"])
        #expect(copies.map { $0["n"]?.numberValue?.text } == ["2", "-3"])
    }
}
