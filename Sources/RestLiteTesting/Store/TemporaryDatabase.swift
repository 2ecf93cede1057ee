import Foundation

/// A fresh database path in its own temporary folder, removed by `remove()`.
public struct TemporaryDatabase: Sendable {
    public let folder: URL
    public var path: String { folder.appendingPathComponent("store.sqlite").path }

    public init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("restlite-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
