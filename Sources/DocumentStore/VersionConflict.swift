/// A conditional update found another `_version` than the one it was made against: someone
/// else changed the document since it was read.
public struct VersionConflict: Error, Sendable, Equatable {
    public let id: String
    /// The stored `_version`.
    public let current: Int64

    public init(id: String, current: Int64) {
        self.id = id
        self.current = current
    }
}
