/// Decodes the picture files restlite makes thumbnails of, written here without system
/// libraries: PNG (grey, grey+alpha, RGB, RGBA and palette at every bit depth PNG allows,
/// interlaced or not), GIF (the first frame) and JPEG (baseline or progressive; grey, YCbCr or
/// RGB; turned as its EXIF orientation says). Transparent pixels are laid over white.
///
/// ```swift
/// let picture = try ImageDecoder.decode(bytes)
/// let small = picture.resized(toFit: 128)
/// ```
public enum ImageDecoder {
    /// Largest picture decoded, in pixels (about 40 megapixels): a bound on memory.
    public static let maxPixels = 40_000_000

    public static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> RasterImage {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNGDecoder.decode(bytes)
        case .gif: return try GIFDecoder.decode(bytes)
        case .jpeg: return try JPEGDecoder.decode(bytes)
        case .bmp: throw ImageDecodingError("BMP files are not decoded; send a PNG, GIF or JPEG.")
        case nil: throw ImageDecodingError("the bytes are not a PNG, GIF or JPEG file")
        }
    }

    static func checkSize(_ width: Int, _ height: Int) throws(ImageDecodingError) {
        guard width > 0, height > 0 else { throw ImageDecodingError("the picture has no pixels") }
        guard width <= 65535, height <= 65535, width * height <= maxPixels else {
            throw ImageDecodingError("the picture is \(width)×\(height), more than \(maxPixels) pixels")
        }
    }
}

extension RasterImage {
    /// A picture of `width × height` whose pixels are `pixels` (three bytes each).
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
