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

    public init(body: [UInt8], contentType: String) throws(MultipartError) {
        try self.init(source: body, contentType: contentType)
    }

    /// The form in `source` (a body in memory, or one the server wrote to a file, which is
    /// then read `pieceSize` bytes at a time, 1 MiB unless given; small in tests and the
    /// fuzzer, so delimiters straddle pieces).
    public init(source: any MediaByteSource, contentType: String, pieceSize: Int? = nil)
        throws(MultipartError)
    {
        guard let boundary = Self.boundary(of: contentType) else {
            throw MultipartError(
                "The body must be multipart/form-data with a boundary parameter, as a browser's FormData sends it."
            )
        }
        var scanner = MultipartScanner(
            source: source, boundary: Array(boundary.utf8),
            pieceSize: pieceSize ?? ByteWindow.defaultPieceSize)
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
    public init(_ message: String) { self.message = message }
}

extension StringProtocol {
    func trimmingBlanks() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
