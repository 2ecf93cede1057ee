extension FieldProjection {
    /// `document` with its body reduced to the projected fields.
    func apply(to document: Document) -> Document {
        guard case .object(let object) = try? JSON.parse(document.body) else { return document }
        let kept: JSONObject
        switch self {
        case .include(let names, let keepID):
            kept = JSONObject(
                object.lazy.filter { ($0.key == "_id" && keepID) || names.contains($0.key) }
                    .map { ($0.key, $0.value) })
        case .exclude(let names):
            kept = JSONObject(object.lazy.filter { !names.contains($0.key) }.map { ($0.key, $0.value) })
        }
        var body: [UInt8] = []
        kept.write(to: &body)
        return Document(
            id: document.id, body: body, created: document.created, changed: document.changed,
            createdBy: document.createdBy, changedBy: document.changedBy, version: document.version)
    }
}
