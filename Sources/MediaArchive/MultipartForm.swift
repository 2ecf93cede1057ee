/// A `multipart/form-data` body (RFC 7578) split into its parts. The parts point into the
/// body's bytes (ranges), so a file is not copied while the form is read, and a body on disk
/// is read in pieces.
///
/// ```swift
/// let form = try MultipartForm(body: body, contentType: "multipart/form-data; boundary=xyz")
/// for part in form.parts where part.filename != nil { store(body[part.content]) }
/// ```
public struct MultipartForm: Sendable {
    public struct Part: Sendable, Equatable {
        /// The form field's name (`name=` of `Content-Disposition`).
        public var name: String
        /// The client's file name (`filename=`); nil for a plain form field.
        public var filename: String?
        /// The part's own `Content-Type`, if it sent one.
        public var contentType: String?
        /// Where the part's content lies in the body.
        public var content: Range<Int>
    }

    public let parts: [Part]

    /// Most parts one form may hold unless the caller says otherwise (`serve --max-upload-parts`).
    public static let defaultMaxParts = 100

    public init(body: [UInt8], contentType: String, maxParts: Int = defaultMaxParts) throws(MultipartError) {
        try self.init(source: body, contentType: contentType, maxParts: maxParts)
    }

    /// The form in `source` (a body in memory, or one the server wrote to a file, which is
    /// then read `pieceSize` bytes at a time, 1 MiB unless given; small in tests and the
    /// fuzzer, so delimiters straddle pieces). A form of more than `maxParts` parts is refused
    /// with `MultipartError.tooManyParts` as soon as the scan reaches the part past the limit.
    public init(
        source: any MediaByteSource, contentType: String, pieceSize: Int? = nil,
        maxParts: Int = defaultMaxParts
    ) throws(MultipartError) {
        guard let boundary = Self.boundary(of: contentType) else {
            throw MultipartError(
                "The body must be multipart/form-data with a boundary parameter, as a browser's FormData sends it."
            )
        }
        var scanner = MultipartScanner(
            source: source, boundary: Array(boundary.utf8),
            pieceSize: pieceSize ?? ByteWindow.defaultPieceSize, maxParts: maxParts)
        parts = try scanner.scan()
    }

    /// The `boundary` parameter of a `multipart/form-data` content type (quoted or not).
    static func boundary(of contentType: String) -> String? {
        let parsed = HeaderParameters.parse(contentType)
        guard parsed.value == "multipart/form-data", let value = parsed.parameters["boundary"] else {
            return nil
        }
        return (1...70).contains(value.utf8.count) ? value : nil
    }
}

/// Why a multipart body could not be read; the message says what to send instead.
public struct MultipartError: Error, Sendable, Equatable {
    public let message: String
    /// The part limit when the form had more parts than it allows; nil for a malformed form.
    public let partLimit: Int?

    public init(_ message: String, partLimit: Int? = nil) {
        self.message = message
        self.partLimit = partLimit
    }

    /// The form holds more than `limit` parts.
    static func tooManyParts(limit: Int) -> MultipartError {
        MultipartError(
            "The form has more than \(limit) parts; one upload takes at most \(limit) parts (files and fields).",
            partLimit: limit)
    }
}

extension StringProtocol {
    func trimmingBlanks() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
