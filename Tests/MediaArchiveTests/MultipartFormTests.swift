import Testing

@testable import MediaArchive

/// multipart/form-data framing: several files, boundary look-alikes inside content, preambles,
/// quoted parameters, and the bodies that must be refused.
@Suite struct MultipartFormTests {
    static func body(
        _ parts: [(name: String, filename: String?, type: String?, content: [UInt8])], boundary: String
    )
        -> [UInt8]
    {
        var out: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"" }
            head += "\r\n"
            if let type = part.type { head += "Content-Type: \(type)\r\n" }
            out += Array((head + "\r\n").utf8) + part.content + Array("\r\n".utf8)
        }
        return out + Array("--\(boundary)--\r\n".utf8)
    }

    @Test func readsSeveralFilesAndAField() throws {
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        let tricky = Array("line\r\n--\(boundary.dropLast())x\r\n-- \r\n--".utf8) + [0, 255, 13, 10]
        let body = Self.body(
            [
                ("file", "a.txt", "text/plain", Array("hello".utf8)), ("note", nil, nil, Array("plain".utf8)),
                ("file", "b.bin", "application/octet-stream", tricky), ("file", "empty.txt", nil, []),
            ], boundary: boundary)
        let form = try MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(form.parts.map(\.name) == ["file", "note", "file", "file"])
        #expect(form.parts.map(\.filename) == ["a.txt", nil, "b.bin", "empty.txt"])
        #expect(Array(body[form.parts[0].content]) == Array("hello".utf8))
        #expect(Array(body[form.parts[2].content]) == tricky)
        #expect(form.parts[3].content.isEmpty)
        #expect(form.parts[2].contentType == "application/octet-stream")
    }

    @Test func acceptsAQuotedBoundaryAPreambleAndSemicolonsInNames() throws {
        let boundary = "a b;c"
        var body = Array("preamble text\r\n".utf8)
        body += Array(
            "--a b;c\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x;y \\\"z\\\".png\"\r\n\r\n"
                .utf8)
        body += Array("DATA\r\n--a b;c--".utf8)
        let form = try MultipartForm(
            body: body, contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"\(boundary)\"")
        #expect(form.parts.count == 1)
        #expect(form.parts[0].filename == "x;y \"z\".png")
        #expect(Array(body[form.parts[0].content]) == Array("DATA".utf8))
    }

    @Test(arguments: [
        ("application/json", "--b\r\n"),
        ("multipart/form-data", "--b\r\n"),
        ("multipart/form-data; boundary=b", "no delimiter at all"),
        (
            "multipart/form-data; boundary=b",
            "--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nnever closed"
        ),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--"),
        (
            "multipart/form-data; boundary=b",
            "--b\r\nContent-Disposition: attachment; name=\"f\"\r\n\r\nx\r\n--b--"
        ),
        ("multipart/form-data; boundary=b", "--b\r\nno colon here\r\n\r\nx\r\n--b--"),
        ("multipart/form-data; boundary=b", "--bX\r\n"),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"f\""),
    ])
    func refusesBrokenBodies(_ contentType: String, _ text: String) {
        #expect(throws: MultipartError.self) {
            try MultipartForm(body: Array(text.utf8), contentType: contentType)
        }
    }

    @Test func everySplitOfTheBoundaryIntoContentIsFoundOnlyAtTheRealOne() throws {
        // Content made of every prefix of the delimiter, so a scanner that matched partially
        // and lost its place would cut the part short.
        let boundary = "XyZ123"
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var content: [UInt8] = []
        for length in 1..<delimiter.count { content += delimiter[0..<length] + [0x41] }
        let body = Self.body([("f", "x", nil, content)], boundary: boundary)
        let form = try MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(Array(body[form.parts[0].content]) == content)
    }

    /// A source that is not in memory: the scanner reads it a piece at a time, as it reads a
    /// body the server wrote to disk; `reads` counts the pieces and their largest size.
    final class PiecewiseSource: MediaByteSource, @unchecked Sendable {
        let data: [UInt8]
        var reads = 0
        var largestRead = 0
        init(_ data: [UInt8]) { self.data = data }
        var count: Int { data.count }
        func bytes(in range: Range<Int>) -> ArraySlice<UInt8> {
            reads += 1
            largestRead = max(largestRead, range.count)
            return Array(data[range])[...]
        }
    }

    @Test func aBodyReadInSmallPiecesGivesTheSamePartsAtEveryPieceSize() throws {
        let boundary = "----WebKitFormBoundaryQ1w2E3r4"
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var tricky: [UInt8] = []
        for length in 1..<delimiter.count { tricky += delimiter[0..<length] + [0x42] }
        let body = Self.body(
            [
                ("file", "a.bin", "application/octet-stream", tricky), ("note", nil, nil, Array("text".utf8)),
                ("file", "b.bin", nil, (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7) }),
                ("file", "empty.txt", nil, []),
            ], boundary: boundary)
        let contentType = "multipart/form-data; boundary=\(boundary)"
        let expected = try MultipartForm(body: body, contentType: contentType).parts
        #expect(expected.count == 4)
        // Every piece size from just above the delimiter up: delimiters and header sections
        // straddle piece ends at every offset.
        for pieceSize in [delimiter.count + 1, 47, 64, 100, 257, 1000, 4096] {
            let source = PiecewiseSource(body)
            let parts = try MultipartForm(source: source, contentType: contentType, pieceSize: pieceSize)
                .parts
            #expect(parts == expected, "piece size \(pieceSize)")
            #expect(source.largestRead <= max(pieceSize, 16 * 1024 + 4), "piece size \(pieceSize)")
            #expect(pieceSize >= body.count || source.reads > 1, "piece size \(pieceSize)")
        }
    }

    @Test func aLargeBodyOnDiskIsNeverReadWhole() throws {
        let boundary = "big"
        let file = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let body = Self.body(
            [("file", "big.bin", nil, file), ("file", "small.txt", nil, [1, 2, 3])], boundary: boundary)
        let source = PiecewiseSource(body)
        let form = try MultipartForm(source: source, contentType: "multipart/form-data; boundary=big")
        #expect(form.parts.map(\.content.count) == [3_000_000, 3])
        #expect(Array(body[form.parts[0].content]) == file)
        #expect(source.largestRead <= 1 << 20)
    }
}

/// The part limit: a form of more parts than allowed is refused at the first part past it,
/// before its content is read; up to the limit it is read as usual.
@Suite struct MultipartPartLimitTests {
    static func parts(_ count: Int) -> [UInt8] {
        MultipartFormTests.body(
            (0..<count).map { ("file", "f\($0).txt", nil, [UInt8(ascii: "x")]) }, boundary: "b")
    }

    @Test func theDefaultLimitIsOneHundredParts() throws {
        let contentType = "multipart/form-data; boundary=b"
        #expect(try MultipartForm(body: Self.parts(100), contentType: contentType).parts.count == 100)
        #expect {
            try MultipartForm(body: Self.parts(101), contentType: contentType)
        } throws: { error in
            (error as? MultipartError)?.partLimit == 100
                && (error as? MultipartError)?.message.contains("more than 100 parts") == true
        }
    }

    @Test func aGivenLimitHoldsForBodiesReadInPieces() throws {
        let body = Self.parts(20_000)
        #expect {
            try MultipartForm(
                source: body, contentType: "multipart/form-data; boundary=b", pieceSize: 64, maxParts: 3)
        } throws: { ($0 as? MultipartError)?.partLimit == 3 }
        let three = try MultipartForm(
            source: Self.parts(3), contentType: "multipart/form-data; boundary=b", pieceSize: 7, maxParts: 3)
        #expect(three.parts.count == 3)
    }
}
