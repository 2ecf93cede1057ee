import Foundation

/// Drawn picture files kept in memory, bounded by count and bytes; the oldest entry goes first.
final class RenderedImageCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]
    private var order: [String] = []
    private var bytes = 0
    let maxEntries: Int
    let maxBytes: Int

    init(maxEntries: Int = 128, maxBytes: Int = 32 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    var count: Int { lock.withLock { entries.count } }

    /// The cached bytes for `key`, or `make()`'s, stored for next time (drawn outside the lock).
    func bytes(for key: String, make: () -> [UInt8]) -> [UInt8] {
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let made = make()
        lock.withLock {
            guard entries[key] == nil, made.count <= maxBytes else { return }
            entries[key] = made
            order.append(key)
            bytes += made.count
            while entries.count > maxEntries || bytes > maxBytes, !order.isEmpty {
                let oldest = order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
        return made
    }
}
