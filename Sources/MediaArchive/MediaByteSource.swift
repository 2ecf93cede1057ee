/// Bytes an upload is read from: memory (`[UInt8]`), or a request body the server wrote to a
/// file, read in pieces so a large upload is never whole in memory.
public protocol MediaByteSource: Sendable {
    var count: Int { get }
    /// The bytes in `range`, which lies inside `0..<count`.
    func bytes(in range: Range<Int>) throws(MediaStoreError) -> ArraySlice<UInt8>
    /// Whether `bytes(in:)` costs nothing (no copy, no read): the scanner then takes it whole.
    var isInMemory: Bool { get }
}

extension MediaByteSource {
    public var isInMemory: Bool { false }
}

extension Array: MediaByteSource where Element == UInt8 {
    public func bytes(in range: Range<Int>) -> ArraySlice<UInt8> { self[range] }
    public var isInMemory: Bool { true }
}

/// A moving window over a source: what the multipart scanner reads through. Bytes are loaded
/// in pieces of `pieceSize`; a source in memory is one piece.
struct ByteWindow {
    /// How much of a source on disk is read (or copied) at a time.
    static let defaultPieceSize = 1 << 20

    let source: any MediaByteSource
    let pieceSize: Int
    private var start = 0
    private var piece: ArraySlice<UInt8> = []

    init(_ source: any MediaByteSource, pieceSize: Int = defaultPieceSize) {
        self.source = source
        self.pieceSize = source.isInMemory ? max(source.count, 1) : pieceSize
    }

    /// The bytes in `range`, nil when it runs past the end; at most `pieceSize` bytes.
    mutating func bytes(_ range: Range<Int>) throws(MediaStoreError) -> ArraySlice<UInt8>? {
        guard range.lowerBound >= 0, range.upperBound <= source.count else { return nil }
        if range.lowerBound < start || range.upperBound > start + piece.count {
            let upper = min(source.count, max(range.upperBound, range.lowerBound + pieceSize))
            piece = try source.bytes(in: range.lowerBound..<upper)
            start = range.lowerBound
        }
        let from = piece.startIndex + (range.lowerBound - start)
        return piece[from..<(from + range.count)]
    }

    mutating func byte(at position: Int) throws(MediaStoreError) -> UInt8? {
        try bytes(position..<(position + 1))?.first
    }

    /// Whether `pattern` lies at `position`.
    mutating func matches(_ pattern: [UInt8], at position: Int) throws(MediaStoreError) -> Bool {
        guard let found = try bytes(position..<(position + pattern.count)) else { return false }
        return found.elementsEqual(pattern)
    }

    /// The first position at or after `from` where `pattern` starts, looking no further than
    /// `within` bytes; nil when there is none.
    mutating func find(_ pattern: [UInt8], from: Int, within: Int = .max) throws(MediaStoreError) -> Int? {
        var position = from
        let last = from > Int.max - within ? source.count : min(source.count, from + within)
        // Each step overlaps the last by the pattern's length less one, so it must be longer.
        let span = max(pieceSize, 2 * pattern.count)
        while position + pattern.count <= last {
            let end = min(last, position + span)
            guard let chunk = try bytes(position..<end) else { return nil }
            if let hit = chunk.withUnsafeBytes({ MediaFiles.firstIndex(of: pattern, in: $0) }) {
                return position + hit
            }
            if end == last { return nil }
            position = end - pattern.count + 1
        }
        return nil
    }
}
