extension OpenAPIDocument {
    /// The document's bytes, made once: every `GET /openapi.json` sends these.
    static let bytes = Array(json.utf8)
}
