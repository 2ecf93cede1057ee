import PlatformSupport

/// A subscriber's place under the hub's caps (`RealtimeHub.admit`): taken when `GET /realtime`
/// is accepted, given back once, when the stream ends or, if it never opened (a HEAD request,
/// a dropped answer), when the answer holding it is gone.
final class RealtimeSlot: @unchecked Sendable {
    private let release: @Sendable () -> Void
    private let lock = PosixCondition()
    private var released = false

    init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    /// Gives the place back; later calls do nothing.
    func giveBack() {
        let first = lock.withLock {
            defer { released = true }
            return !released
        }
        if first { release() }
    }

    deinit { giveBack() }
}

/// Why `GET /realtime` was refused: the server or the key has as many subscribers as allowed.
struct RealtimeLimitError: Error, Sendable, Equatable {
    let message: String
}
