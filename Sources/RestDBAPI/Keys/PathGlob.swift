/// A path pattern for scoped keys: `*` matches within one segment, `**` matches any number of
/// segments (none included), everything else is literal. `/a3cats/**` matches `/a3cats`,
/// `/a3cats/` and `/a3cats/5f1e...`, but not `/dogs`.
public struct PathGlob: Sendable, Hashable {
    public let pattern: String
    private let segments: [Substring]

    public init(_ pattern: String) {
        self.pattern = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], parts[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ parts: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return parts.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            return (0...parts.count).contains { match(rest, parts.dropFirst($0)) }
        }
        guard let part = parts.first, segmentMatches(head, part) else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }

    /// `*` inside a segment matches any run of characters within that segment.
    private static func segmentMatches(_ pattern: Substring, _ text: Substring) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        if pieces.count == 1 { return pattern == text }
        var rest = text[...]
        for (position, piece) in pieces.enumerated() {
            if position == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if position == pieces.count - 1 {
                return piece.isEmpty || rest.hasSuffix(piece)
            } else if !piece.isEmpty {
                guard let found = rest.firstRange(of: piece) else { return false }
                rest = rest[found.upperBound...]
            }
        }
        return true
    }
}
