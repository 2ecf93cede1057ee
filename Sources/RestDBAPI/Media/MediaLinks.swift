import DocumentJSON
import DocumentStore
import SocketHTTP

/// `idtolink=true`: the media ids in a collection's image and file fields answered as the
/// files' absolute URLs (`<base>/media/<id>`), as restdb answers "URLs for links and images".
/// The stored documents keep their ids; only the answer changes.
struct MediaLinks: Equatable {
    /// The image and file fields of the schema.
    let fields: [String]
    /// `http://host:port`, without a trailing slash.
    let base: String

    /// `object` with every string in those fields (an array of ids, or one id) made a URL.
    func apply(to object: JSONObject) -> JSONObject {
        var object = object
        for field in fields {
            switch object[field] {
            case .array(let values)?:
                object[field] = .array(
                    values.map { value in value.stringValue.map { .string(url($0)) } ?? value })
            case .string(let id)?:
                object[field] = .string(url(id))
            default:
                continue
            }
        }
        return object
    }

    func url(_ id: String) -> String {
        base + "/media/" + Self.encodeSegment(id)
    }

    /// `id` as one path segment: unreserved characters as they are, every other byte `%XX`.
    static func encodeSegment(_ id: String) -> String {
        var out = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}

extension RestAPI {
    /// The links `idtolink=true` asks for: nil without it, or when the schema has no image or
    /// file field. The base is `publicURL`, else `http://` and the request's `Host`.
    func mediaLinks(_ request: HTTPRequest, of collection: String) throws -> MediaLinks? {
        guard ListParameters.flag(request, "idtolink") else { return nil }
        let schema = try? store.schema(of: collection)
        let fields = schema?.fields.filter { $0.type == .image || $0.type == .file }.map(\.name) ?? []
        guard !fields.isEmpty else { return nil }
        // `--public-url` arrives without a trailing slash (`ServeConfiguration.parsePublicURL`).
        return MediaLinks(fields: fields, base: options.publicURL ?? request.hostBaseURL)
    }
}
