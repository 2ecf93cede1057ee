import Pictures
import PlatformSupport

/// restdb's two thumbnail sizes, by the longest side: `?s=t` and `?s=w`.
public enum ThumbnailSize: String, Sendable, CaseIterable {
    case thumbnail = "t"
    case web = "w"

    public var longestSide: Int { self == .thumbnail ? 128 : 640 }
}

/// A resized picture, ready to send.
public struct Thumbnail: Sendable {
    public let bytes: [UInt8]
    public let mimeType: String
}

/// Why a file has no thumbnail; always the client's file (400).
public struct ThumbnailError: Error, Sendable, Equatable {
    public let message: String
}

/// Thumbnails made once and kept, most recently used first, within a byte budget.
final class ThumbnailCache: @unchecked Sendable {
    private let lock = PosixCondition()
    private var entries: [String: Thumbnail] = [:]
    private var order: [String] = []
    private var bytes = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    func get(_ key: String) -> Thumbnail? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            order.removeAll { $0 == key }
            order.append(key)
            return entry
        }
    }

    func put(_ key: String, _ thumbnail: Thumbnail) {
        guard thumbnail.bytes.count <= budget else { return }
        lock.withLock {
            if entries[key] == nil { order.append(key) }
            bytes += thumbnail.bytes.count - (entries[key]?.bytes.count ?? 0)
            entries[key] = thumbnail
            while bytes > budget, let oldest = order.first {
                order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.bytes.count ?? 0
            }
        }
    }

    var totalBytes: Int { lock.withLock { bytes } }
}

extension MediaStore {
    /// The file resized so its longest side is `size`'s (never enlarged), as JPEG, or as PNG
    /// when the file is a PNG or GIF (keeping sharp edges). Throws `ThumbnailError` for a file
    /// that is not a picture restlite decodes.
    public func thumbnail(of record: MediaRecord, size: ThumbnailSize) throws -> Thumbnail {
        let key = record.id + "-" + size.rawValue
        if let cached = thumbnails.get(key) { return cached }
        let bytes = try contents(of: record)
        guard let format = ImageFormat.sniff(bytes), format != .bmp else {
            throw ThumbnailError(
                message: "'\(record.originalName)' (\(record.mimeType)) is not a JPEG, PNG or GIF picture, "
                    + "so it has no thumbnail; its bytes are not the picture type it claims.")
        }
        let image: RasterImage
        do { image = try ImageDecoder.decode(bytes) } catch {
            throw ThumbnailError(
                message: "'\(record.originalName)' cannot be made a thumbnail: \(error.message)")
        }
        let resized = image.resized(toFit: size.longestSide)
        let output: ImageFormat = format == .jpeg ? .jpeg : .png
        let thumbnail = Thumbnail(bytes: resized.encoded(as: output), mimeType: output.mimeType)
        thumbnails.put(key, thumbnail)
        return thumbnail
    }
}
