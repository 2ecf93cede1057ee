import Pictures

/// dummyimage.com's URLs: `/{size}[/{background}[/{foreground}]]`, where the size is `W`,
/// `WxH` or `Wxa:b` (height from an aspect ratio), colours are 3- or 6-digit hex, and a format
/// extension (`.png`, `.jpg`, `.gif`, `.bmp`) may end any segment; GIF when none is given.
/// The text is `?text=...` or `&text=...` written into the path; the default is `W×H`.
extension PictureSpec {
    static let defaultBackground = RGB(204, 204, 204)
    static let defaultForeground = RGB(0, 0, 0)

    static func dummyImage(segments: [String], text: String?) throws -> PictureSpec {
        var format: ImageFormat?
        var parts: [Substring] = []
        for segment in segments {
            var part = Substring(segment)
            if let dot = part.lastIndex(of: ".") {
                let name = part[part.index(after: dot)...]
                guard let named = ImageFormat(fileExtension: String(name)) else {
                    throw PictureRequestError(
                        message: "unknown image format '\(name)'; use png, jpg, gif or bmp")
                }
                format = named
                part = part[..<dot]
            }
            parts.append(part)
        }
        let (width, height) = try size(parts[0])
        let background = try parts.count > 1 ? color(parts[1], name: "background") : defaultBackground
        let foreground = try parts.count > 2 ? color(parts[2], name: "foreground") : defaultForeground
        let chosen = format ?? .gif
        let key =
            "dummy/\(width)x\(height)/\(chosen.rawValue)/\(background.hex)/\(foreground.hex)/\(text ?? "\u{0}")"
        return PictureSpec(key: key, format: chosen, width: width, height: height) {
            PlaceholderPicture.draw(
                width: width, height: height, background: background, foreground: foreground, text: text)
        }
    }

    private static func size(_ text: Substring) throws -> (Int, Int) {
        let pieces = text.lowercased().split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        let width = try side(pieces[0], name: "width")
        guard pieces.count == 2 else { return (width, width) }
        let ratio = pieces[1].split(separator: ":", omittingEmptySubsequences: false)
        if ratio.count == 2, let a = Int(ratio[0]), let b = Int(ratio[1]), a > 0, b > 0, a <= 100, b <= 100 {
            return (width, try side(Substring(String(max(1, width * b / a))), name: "height"))
        }
        return (width, try side(pieces[1], name: "height"))
    }

    private static func color(_ text: Substring, name: String) throws -> RGB {
        guard let color = RGB(hex: String(text)), !text.hasPrefix("#") else {
            throw PictureRequestError(message: "\(name) colour must be 3 or 6 hex digits, not '\(text)'")
        }
        return color
    }
}
