import Pictures
import PlatformSupport

/// What one picture a stand-in draws may cost, the same for every picture route (PlaceKitten,
/// dummyimage, and any stand-in that draws to a requested size): its pixels (the drawing holds
/// three bytes a pixel) and its encoded bytes (the answer). A request past either is refused
/// with a 400 naming the limit and the `restlite serve` flag that raises it, before anything is
/// drawn. Answers above `streamingThreshold` bytes are written once to an unlinked temporary
/// file and sent from it a piece at a time, and at most `concurrentDraws` such pictures are
/// drawn at once, so a crowd of clients that never read costs little memory.
///
/// ```swift
/// var limits = PictureLimits()
/// limits.maxPixels = 1_000_000
/// try limits.check(width: 2000, height: 2000, format: .png)   // throws: 4,000,000 pixels
/// ```
public struct PictureLimits: Sendable, Equatable {
    /// Most pixels in one picture (`--max-picture-pixels`): 2048×2048 by default.
    public var maxPixels = 2048 * 2048
    /// Most bytes of one encoded picture (`--max-picture-bytes`): 16 MiB by default, so a
    /// 2048×2048 BMP (12 MiB) fits.
    public var maxBytes = 16 * 1024 * 1024
    /// Answers larger than this are sent from a temporary file rather than from memory.
    public var streamingThreshold = 256 * 1024
    /// Large pictures drawn at the same time; others wait for a turn (up to `drawWait`).
    public var concurrentDraws = 2
    /// How long a large picture waits for a turn to be drawn before it is answered 503.
    public var drawWait: Duration = .seconds(20)

    public init() {}

    /// Whether a `width`×`height` drawing is large: it waits for one of the `concurrentDraws`
    /// turns (its pixels, three bytes each, pass `streamingThreshold`).
    func isLarge(width: Int, height: Int) -> Bool {
        width * height * 3 > streamingThreshold
    }

    /// `drawWait` in whole milliseconds, for `WorkSlots.acquire(waitingAtMost:)`.
    var drawWaitMilliseconds: Int {
        Int(drawWait.wholeMilliseconds)
    }

    /// Throws `PictureRequestError` when a `width`×`height` picture in `format` is past a limit.
    /// The byte check uses the most bytes `format` can take for that many pixels.
    func check(width: Int, height: Int, format: ImageFormat) throws(PictureRequestError) {
        let pixels = width * height
        guard pixels <= maxPixels else {
            throw PictureRequestError(
                message:
                    "a \(width)×\(height) picture has \(pixels) pixels, more than this server's limit of "
                    + "\(maxPixels) (restlite serve --max-picture-pixels)")
        }
        let bytes = Self.largestEncoding(width: width, height: height, format: format)
        guard bytes <= maxBytes else {
            throw PictureRequestError(
                message:
                    "a \(width)×\(height) \(format.rawValue.uppercased()) picture may take \(bytes) bytes, "
                    + "more than this server's limit of \(maxBytes) (restlite serve --max-picture-bytes)")
        }
    }

    /// The most bytes `Pictures`' encoder writes for `width`×`height` in `format`: exact for
    /// BMP; for PNG the rows (a filter byte and three bytes a pixel) at nine bits a byte (fixed
    /// Huffman codes); for GIF twelve-bit codes, one a pixel; for JPEG three bytes a pixel,
    /// which its quantised blocks never approach. Chunk, block and header overhead is added.
    static func largestEncoding(width: Int, height: Int, format: ImageFormat) -> Int {
        let pixels = width * height
        switch format {
        case .bmp: return 54 + ((width * 3 + 3) / 4 * 4) * height
        case .png: return 1024 + (height * (1 + 3 * width)) * 9 / 8 + 12 * (height + 16)
        case .gif: return 2048 + pixels * 3 / 2 + pixels * 3 / 2 / 255
        case .jpeg: return 2048 + pixels * 3
        }
    }
}
