/// Walks a multipart body from delimiter to delimiter through a `ByteWindow`, so a body the
/// server wrote to disk is read a piece at a time and never whole. Parts come out as ranges
/// of the source; what this checks is the framing itself.
struct MultipartScanner {
    var window: ByteWindow
    /// `--boundary`, as it starts a delimiter line.
    let dashBoundary: [UInt8]
    /// CRLF then `--boundary`: how a delimiter follows a part's content.
    let delimiter: [UInt8]
    /// The largest header section of one part.
    static let maxPartHeaderBytes = 16 * 1024
    /// Most parts one body may hold; the scan stops at the first part past it.
    let maxParts: Int
    static let crlf = Array("\r\n".utf8)

    init(source: any MediaByteSource, boundary: [UInt8], pieceSize: Int, maxParts: Int) {
        self.maxParts = maxParts
        window = ByteWindow(source, pieceSize: pieceSize)
        dashBoundary = Array("--".utf8) + boundary
        delimiter = Self.crlf + dashBoundary
    }

    mutating func scan() throws(MultipartError) -> [MultipartForm.Part] {
        do {
            return try scanParts()
        } catch let error as MultipartError {
            throw error
        } catch {
            throw MultipartError("The request body could not be read back (\(error)).")
        }
    }

    private mutating func scanParts() throws -> [MultipartForm.Part] {
        guard var position = try firstDelimiterEnd() else {
            throw MultipartError("The body has no line with the boundary the Content-Type names.")
        }
        var parts: [MultipartForm.Part] = []
        while true {
            if try window.matches(Array("--".utf8), at: position) { return parts }
            // Refused before the next part is even read: nothing of the body is stored.
            if parts.count >= maxParts { throw MultipartError.tooManyParts(limit: maxParts) }
            position = try lineEnd(after: position)
            let (headers, contentStart) = try readHeaders(from: position)
            guard let contentEnd = try window.find(delimiter, from: contentStart) else {
                throw MultipartError("The body ends before the closing boundary line (--boundary--).")
            }
            parts.append(try Self.part(headers, content: contentStart..<contentEnd))
            position = contentEnd + delimiter.count
        }
    }

    /// Just past the first `--boundary`, which opens the body or follows a CRLF (after a preamble).
    private mutating func firstDelimiterEnd() throws -> Int? {
        if try window.matches(dashBoundary, at: 0) { return dashBoundary.count }
        return try window.find(delimiter, from: 0).map { $0 + delimiter.count }
    }

    /// After a delimiter: optional blanks, then CRLF.
    private mutating func lineEnd(after position: Int) throws -> Int {
        var index = position
        while let byte = try window.byte(at: index), byte == 0x20 || byte == 0x09 { index += 1 }
        guard try window.matches(Self.crlf, at: index) else {
            throw MultipartError("A boundary line must end with CRLF (or with -- for the last one).")
        }
        return index + 2
    }

    private mutating func readHeaders(from start: Int) throws -> ([(String, String)], Int) {
        if try window.matches(Self.crlf, at: start) { return ([], start + 2) }
        let blankLine = Array("\r\n\r\n".utf8)
        guard let end = try window.find(blankLine, from: start, within: Self.maxPartHeaderBytes + 4),
            let section = try window.bytes(start..<end)
        else {
            throw MultipartError("A part's headers do not end with an empty line within 16 KiB.")
        }
        var headers: [(String, String)] = []
        for line in section.split(separator: 0x0A) {
            let text = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else {
                throw MultipartError("A part's header line has no colon: \(text.prefix(60))")
            }
            headers.append(
                (
                    text[..<colon].trimmingBlanks().lowercased(),
                    text[text.index(after: colon)...].trimmingBlanks()
                ))
        }
        return (headers, end + 4)
    }

    private static func part(_ headers: [(String, String)], content: Range<Int>) throws(MultipartError)
        -> MultipartForm.Part
    {
        guard let disposition = headers.first(where: { $0.0 == "content-disposition" })?.1 else {
            throw MultipartError("Every part needs a Content-Disposition: form-data; name=\"...\" header.")
        }
        let parsed = HeaderParameters.parse(disposition)
        guard parsed.value == "form-data", let name = parsed.parameters["name"] else {
            throw MultipartError("A part's Content-Disposition must be form-data with a name parameter.")
        }
        let contentType = headers.first(where: { $0.0 == "content-type" })?.1
        return MultipartForm.Part(
            name: name, filename: parsed.parameters["filename"], contentType: contentType, content: content)
    }
}
