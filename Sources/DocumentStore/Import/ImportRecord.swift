import DocumentJSON

/// One document read from an import file, with the line it starts on (1-based) for errors.
public struct ImportRecord: Sendable {
    public var document: JSONObject
    public var line: Int

    package init(document: JSONObject, line: Int) {
        self.document = document
        self.line = line
    }
}
