import DocumentJSON

/// One stored file's metadata: what `GET /media/<id>/meta` answers and the sidecar JSON holds.
public struct MediaRecord: Sendable, Equatable {
    /// An ObjectID made by the server; also the stored file's name, so no client text ever
    /// becomes a path.
    public let id: String
    public let created: String
    /// The name the client sent: metadata only.
    public let originalName: String
    public let size: Int
    /// The sniffed type for JPEG, PNG, GIF and BMP; else the part's declared type, else
    /// `application/octet-stream`.
    public let mimeType: String
    /// The form field the file came in.
    public let fieldName: String

    public init(
        id: String, created: String, originalName: String, size: Int, mimeType: String, fieldName: String
    ) {
        self.id = id
        self.created = created
        self.originalName = originalName
        self.size = size
        self.mimeType = mimeType
        self.fieldName = fieldName
    }

    /// A strong validator: a media id never gets other bytes.
    public var etag: String { "\"\(id)-\(size)\"" }

    public var json: JSONValue {
        [
            "_id": .string(id), "_created": .string(created), "_createdby": "api",
            "origname": .string(originalName),
            "file": .string(id), "size": .number(JSONNumber(size)), "mimetype": .string(mimeType),
            "fieldname": .string(fieldName),
        ]
    }

    public init?(json: JSONValue) {
        guard let id = json["_id"]?.stringValue, ObjectID.isValid(id),
            let created = json["_created"]?.stringValue, let name = json["origname"]?.stringValue,
            let size = json["size"]?.numberValue?.int64Value, let type = json["mimetype"]?.stringValue
        else { return nil }
        self.init(
            id: id, created: created, originalName: name, size: Int(size), mimeType: type,
            fieldName: json["fieldname"]?.stringValue ?? "file")
    }
}
