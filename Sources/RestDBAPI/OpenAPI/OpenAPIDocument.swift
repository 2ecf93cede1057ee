import CEmbeddedFiles

/// restlite's OpenAPI 3.1 document, served at `GET /openapi.json`. The file
/// `Sources/RestDBAPI/OpenAPI/openapi.json` is compiled in by `CEmbeddedFiles` (`docs/openapi.json`
/// links to it); `OpenAPIDocumentTests` fails when a route is missing from it.
enum OpenAPIDocument {
    /// The document's bytes: every `GET /openapi.json` sends these.
    static let bytes: [UInt8] = {
        let file = cef_openapi_json()
        return Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
    }()
}
