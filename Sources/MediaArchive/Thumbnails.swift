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

/// Too many thumbnails are being made at once: 503 with `Retry-After`, try again shortly.
public struct ThumbnailBusyError: Error, Sendable, Equatable {
    public let message: String
    /// Seconds a client should wait before asking again.
    public let retryAfterSeconds: Int
}

/// Thumbnails made once and kept, most recently used first, within a byte budget; a file that
/// cannot be made one is kept too (its error), so it is not decoded again on every request.
final class ThumbnailCache: @unchecked Sendable {
    typealias Outcome = Result<Thumbnail, ThumbnailError>

    private let lock = PosixCondition()
    private var entries: [String: Outcome] = [:]
    private var order: [String] = []
    private var bytes = 0
    private var decodeCount = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    func get(_ key: String) -> Outcome? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            order.removeAll { $0 == key }
            order.append(key)
            return entry
        }
    }

    func put(_ key: String, _ outcome: Outcome) {
        guard Self.cost(outcome) <= budget else { return }
        lock.withLock {
            if entries[key] == nil { order.append(key) }
            bytes += Self.cost(outcome) - (entries[key].map(Self.cost) ?? 0)
            entries[key] = outcome
            while bytes > budget, let oldest = order.first {
                order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest).map(Self.cost) ?? 0
            }
        }
    }

    var totalBytes: Int { lock.withLock { bytes } }

    /// Decodes started so far (a test reads it to see a remembered failure is not decoded again).
    var decodes: Int { lock.withLock { decodeCount } }

    func countDecode() { lock.withLock { decodeCount += 1 } }

    /// A thumbnail's bytes; a remembered failure's message and a little for the entry.
    private static func cost(_ outcome: Outcome) -> Int {
        switch outcome {
        case .success(let thumbnail): thumbnail.bytes.count
        case .failure(let error): error.message.utf8.count + 64
        }
    }
}

extension MediaStore {
    /// The file resized so its longest side is `size`'s (never enlarged), as JPEG, or as PNG
    /// when the file is a PNG or GIF (keeping sharp edges). Throws `ThumbnailError` for a file
    /// that is not a picture restlite decodes, or whose decoding would need more than
    /// `thumbnailMemoryBudget` bytes (estimated from its header, before decoding); both are
    /// remembered like thumbnails, so the file is not read again. Throws `ThumbnailBusyError`
    /// when `thumbnailDecoders` decodes are running already.
    public func thumbnail(of record: MediaRecord, size: ThumbnailSize) throws -> Thumbnail {
        let key = record.id + "-" + size.rawValue
        // A failure is the file's, whatever the size asked for: it is kept under the id alone.
        if let cached = thumbnails.get(key) ?? thumbnails.get(record.id) { return try cached.get() }
        guard thumbnailSlots.tryAcquire() else {
            throw ThumbnailBusyError(
                message: "\(thumbnailSlots.count) thumbnails are being made already; try again in a second.",
                retryAfterSeconds: 1)
        }
        defer { thumbnailSlots.release() }
        let bytes = try contents(of: record)
        let outcome = Result { () throws(ThumbnailError) in try makeThumbnail(of: record, bytes, size: size) }
        if case .failure = outcome {
            thumbnails.put(record.id, outcome)
        } else {
            thumbnails.put(key, outcome)
        }
        return try outcome.get()
    }

    private func makeThumbnail(of record: MediaRecord, _ bytes: [UInt8], size: ThumbnailSize)
        throws(ThumbnailError) -> Thumbnail
    {
        guard let format = ImageFormat.sniff(bytes), format != .bmp else {
            throw ThumbnailError(
                message: "'\(record.originalName)' (\(record.mimeType)) is not a JPEG, PNG or GIF picture, "
                    + "so it has no thumbnail; its bytes are not the picture type it claims.")
        }
        if let cost = ImageDecoder.estimatedMemory(of: bytes), cost > thumbnailMemoryBudget {
            throw ThumbnailError(
                message: "'\(record.originalName)' has no thumbnail: decoding it would take about "
                    + "\(cost >> 20) MiB, more than the \(thumbnailMemoryBudget >> 20) MiB one thumbnail may use "
                    + "(the picture is too large; upload a smaller one).")
        }
        thumbnails.countDecode()
        let image: RasterImage
        do { image = try ImageDecoder.decode(bytes) } catch {
            throw ThumbnailError(
                message: "'\(record.originalName)' cannot be made a thumbnail: \(error.message)")
        }
        let resized = image.resized(toFit: size.longestSide)
        let output: ImageFormat = format == .jpeg ? .jpeg : .png
        return Thumbnail(bytes: resized.encoded(as: output), mimeType: output.mimeType)
    }
}
