import MediaArchive

/// A body read in pieces, as the archive reads an upload the server wrote to disk.
struct PiecewiseBody: MediaByteSource {
    let bytes: [UInt8]
    var count: Int { bytes.count }
    func bytes(in range: Range<Int>) -> ArraySlice<UInt8> { Array(bytes[range])[...] }
}

/// Differential: the multipart scanner must read a body the same way whole (in memory) and in
/// small pieces (from disk), parts or error alike, and never trap. The first input byte picks
/// the boundary and the piece size; the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let boundaries = ["fz", "----WebKitFormBoundary7MA4YWxkTrZu0gW", String(repeating: "q", count: 70)]
    let boundary = boundaries[Int(input[0] % 3)]
    let pieceSize = 1 + Int(input[0] / 3)
    let body = Array(input.dropFirst())
    let contentType = "multipart/form-data; boundary=\(boundary)"
    let whole: Result<[MultipartForm.Part], MultipartError>
    do {
        whole = .success(try MultipartForm(body: body, contentType: contentType).parts)
    } catch {
        whole = .failure(error)
    }
    let pieces: Result<[MultipartForm.Part], MultipartError>
    do {
        pieces = .success(
            try MultipartForm(
                source: PiecewiseBody(bytes: body), contentType: contentType, pieceSize: pieceSize
            )
            .parts)
    } catch {
        pieces = .failure(error)
    }
    switch (whole, pieces) {
    case (.success(let a), .success(let b)):
        precondition(a == b, "parts differ between a whole body and pieces of \(pieceSize)")
        for part in a { precondition(part.content.upperBound <= body.count, "a part past the body's end") }
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "errors differ: \(a.message) / \(b.message)")
    default:
        preconditionFailure("a whole body and pieces of \(pieceSize) disagree: \(whole) / \(pieces)")
    }
    return 0
}
