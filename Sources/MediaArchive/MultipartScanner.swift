/// Walks a multipart body from delimiter to delimiter. The body is in memory already (the
/// server reads bodies whole, within its body limit), so a boundary split across network reads
/// cannot happen here; what this checks is the framing itself.
struct MultipartScanner {
    let body: [UInt8]
    /// `--boundary`, as it starts a delimiter line.
    let dashBoundary: [UInt8]
    /// The largest header section of one part.
    static let maxPartHeaderBytes = 16 * 1024

    init(body: [UInt8], boundary: [UInt8]) {
        self.body = body
        dashBoundary = Array("--".utf8) + boundary
    }

    func scan() throws(MultipartError) -> [MultipartForm.Part] {
        guard var position = firstDelimiterEnd() else {
            throw MultipartError("The body has no line with the boundary the Content-Type names.")
        }
        var parts: [MultipartForm.Part] = []
        while true {
            if matches(Array("--".utf8), at: position) { return parts }
            position = try lineEnd(after: position)
            let (headers, contentStart) = try readHeaders(from: position)
            guard let contentEnd = find(Array("\r\n".utf8) + dashBoundary, from: contentStart) else {
                throw MultipartError("The body ends before the closing boundary line (--boundary--).")
            }
            parts.append(try Self.part(headers, content: contentStart..<contentEnd))
            position = contentEnd + 2 + dashBoundary.count
        }
    }

    /// Just past the first `--boundary`, which opens the body or follows a CRLF (after a preamble).
    private func firstDelimiterEnd() -> Int? {
        if matches(dashBoundary, at: 0) { return dashBoundary.count }
        return find(Array("\r\n".utf8) + dashBoundary, from: 0).map { $0 + 2 + dashBoundary.count }
    }

    /// After a delimiter: optional blanks, then CRLF.
    private func lineEnd(after position: Int) throws(MultipartError) -> Int {
        var index = position
        while index < body.count, body[index] == 0x20 || body[index] == 0x09 { index += 1 }
        guard matches(Array("\r\n".utf8), at: index) else {
            throw MultipartError("A boundary line must end with CRLF (or with -- for the last one).")
        }
        return index + 2
    }

    private func readHeaders(from start: Int) throws(MultipartError) -> ([(String, String)], Int) {
        if matches(Array("\r\n".utf8), at: start) { return ([], start + 2) }
        guard let end = find(Array("\r\n\r\n".utf8), from: start), end - start <= Self.maxPartHeaderBytes
        else {
            throw MultipartError("A part's headers do not end with an empty line within 16 KiB.")
        }
        var headers: [(String, String)] = []
        for line in body[start..<end].split(separator: 0x0A) {
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

    private func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + pattern.count <= body.count else { return false }
        for offset in 0..<pattern.count where body[position + offset] != pattern[offset] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= body.count else { return nil }
        var index = start
        let last = body.count - pattern.count
        while index <= last {
            if body[index] == first, matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }
}
