import Pictures

/// One picture a URL asks for: its canonical key (equal keys, equal bytes), its format, and how
/// to draw it.
struct PictureSpec {
    let key: String
    let format: ImageFormat
    let width: Int
    let height: Int
    let draw: () -> RasterImage

    static let maximumSide = 4000

    /// A side length from a path segment: digits only, 1...4000.
    static func side(_ text: Substring, name: String) throws -> Int {
        guard !text.isEmpty, text.count <= 5, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let value = Int(text)
        else { throw PictureRequestError(message: "\(name) must be a whole number of pixels, not '\(text)'") }
        guard (1...maximumSide).contains(value) else {
            throw PictureRequestError(
                message: "\(name) must be between 1 and \(maximumSide) pixels, not \(value)")
        }
        return value
    }
}
