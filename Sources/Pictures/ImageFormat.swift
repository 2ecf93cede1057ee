/// The file formats the encoders in this module write.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, bmp

    /// The media type for `Content-Type`, such as `image/jpeg`.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        }
    }

    /// The usual file extension, without the dot (`jpg` for JPEG).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// `"jpg"`, `"jpeg"`, `"png"`, `"gif"` or `"bmp"`, any case, with or without a leading dot.
    public init?(fileExtension: String) {
        var name = fileExtension.lowercased()
        if name.hasPrefix(".") { name.removeFirst() }
        switch name {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "gif": self = .gif
        case "bmp": self = .bmp
        default: return nil
        }
    }
}
