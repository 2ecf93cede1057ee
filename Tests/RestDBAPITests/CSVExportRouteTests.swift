import DocumentStore
import RestLiteTesting
import SocketHTTP
import Testing

/// `GET /_restlite/export/<c>?format=csv` escapes formulas (a `'` in front) unless `raw=true`,
/// numbers stay bare.
@Suite struct CSVExportRouteTests {
    @Test func csvExportEscapesFormulasUnlessRaw() throws {
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

        // Importing the escaped file back is DataTransferTests' anEscapedExportReadsBackAsTheValuesExported:
        // POST /_restlite/import awaits the import on the concurrency pool, which an in-process
        // call from a synchronous test would block (a hang seen when the pool was busy).
    }
}
