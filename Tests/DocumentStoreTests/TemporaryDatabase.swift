import Foundation

/// A fresh database path in its own temporary folder, removed by `remove()`.
struct TemporaryDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("restlite-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
