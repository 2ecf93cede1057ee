import DocumentJSON

/// A stored document: its JSON body (user fields, `_id` first) and its system fields.
public struct Document: Sendable, Hashable {
    /// The `_id`, 24 lowercase hex characters.
    public let id: String
    /// Compact JSON object text of the user fields with `"_id"` as the first key, ready to send.
    public let body: [UInt8]
    /// Creation and last change, milliseconds since the epoch.
    public let created: Int64
    public let changed: Int64
    public let createdBy: String?
    public let changedBy: String?
    /// 0 when created, +1 on every update.
    public let version: Int64

    public init(
        id: String, body: [UInt8], created: Int64, changed: Int64, createdBy: String?, changedBy: String?,
        version: Int64
    ) {
        self.id = id
        self.body = body
        self.created = created
        self.changed = changed
        self.createdBy = createdBy
        self.changedBy = changedBy
        self.version = version
    }

    /// Appends the document's JSON to `bytes`: the body as stored, and with `metafields` the
    /// system fields spliced in before the closing brace (no parsing either way).
    public func renderJSON(metafields: Bool, into bytes: inout [UInt8]) {
        guard metafields, body.last == UInt8(ascii: "}") else {
            bytes.append(contentsOf: body)
            return
        }
        bytes.append(contentsOf: body[..<(body.count - 1)])
        Self.appendSystemFields(
            created: created, changed: changed, createdBy: createdBy, changedBy: changedBy, version: version,
            into: &bytes)
    }

    /// Appends `,"_created":...,"_version":N}`: the system fields and the closing brace, after a
    /// body whose own closing brace has been left off.
    static func appendSystemFields(
        created: Int64, changed: Int64, createdBy: String?, changedBy: String?, version: Int64,
        into bytes: inout [UInt8]
    ) {
        // The body always holds `_id`, so a comma is always needed before the system fields.
        bytes.append(contentsOf: #","_created":""#.utf8)
        ISODate.format(milliseconds: created, into: &bytes)
        bytes.append(contentsOf: #"","_changed":""#.utf8)
        ISODate.format(milliseconds: changed, into: &bytes)
        bytes.append(contentsOf: #"","_createdby":"#.utf8)
        appendOptionalString(createdBy, to: &bytes)
        bytes.append(contentsOf: #","_changedby":"#.utf8)
        appendOptionalString(changedBy, to: &bytes)
        bytes.append(contentsOf: #","_version":"#.utf8)
        bytes.append(contentsOf: String(version).utf8)
        bytes.append(UInt8(ascii: "}"))
    }

    /// The document as JSON text (see `renderJSON`).
    public func jsonString(metafields: Bool) -> String {
        var bytes: [UInt8] = []
        renderJSON(metafields: metafields, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The document parsed, for code that needs to look inside (not for sending).
    public func object(metafields: Bool = false) -> JSONObject {
        var bytes: [UInt8] = []
        renderJSON(metafields: metafields, into: &bytes)
        return (try? JSON.parse(bytes))?.objectValue ?? JSONObject()
    }

    private static func appendOptionalString(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        JSONValue.writeString(text, to: &bytes)
    }
}
