/// A path pattern where `*` stands for any run of characters (slashes included) and `?` for
/// one character: `/rest/a3cats/*` matches `/rest/a3cats/5f1` and `/rest/a3cats/5f1/x`.
public struct Glob: Sendable, Equatable {
    public let pattern: String
    private let bytes: [UInt8]

    public init(_ pattern: String) {
        self.pattern = pattern
        bytes = Array(pattern.utf8)
    }

    public func matches(_ text: String) -> Bool {
        let text = Array(text.utf8)
        var (p, t) = (0, 0)
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < bytes.count && (bytes[p] == UInt8(ascii: "?") || bytes[p] == text[t]) {
                p += 1
                t += 1
            } else if p < bytes.count && bytes[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < bytes.count && bytes[p] == UInt8(ascii: "*") { p += 1 }
        return p == bytes.count
    }
}
