import DocumentJSON
import DocumentQuery

extension FieldSelection {
    /// `document` with its body reduced to the selected fields (system fields are untouched).
    package func apply(to document: Document) -> Document {
        guard case .object(let object) = try? JSON.parse(document.body) else { return document }
        var body: [UInt8] = []
        apply(to: object).write(to: &body)
        return Document(
            id: document.id, body: body, created: document.created, changed: document.changed,
            createdBy: document.createdBy, changedBy: document.changedBy, version: document.version)
    }
}
