import PlatformSupport

/// The console's signed-in browsers, in memory: each session holds the full-access key it was
/// opened with and its CSRF token. At most `capacity` are kept (the least recently used goes
/// first) and a session unused for `idleTimeout` is forgotten. Also the single-use sign-in
/// codes of the banner's link: each stands for a key for `codeLifetime`, and is gone once used.
public final class ConsoleSessions: @unchecked Sendable {
    /// What a session cookie stands for.
    public struct Session: Sendable, Equatable {
        public let id: String
        public let key: String
        public let csrf: String
    }

    // `entries` and `codes` are guarded by `lock`.
    private let lock = PosixCondition()
    private var entries: [String: (session: Session, lastUsed: ContinuousClock.Instant)] = [:]
    private var codes: [String: (key: String, expires: ContinuousClock.Instant)] = [:]
    public let capacity: Int
    public let idleTimeout: Duration
    /// How long a sign-in code (`issueCode(for:)`) may wait for its one use.
    public let codeLifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    public init(
        capacity: Int = 100, idleTimeout: Duration = .seconds(12 * 3600),
        codeLifetime: Duration = .seconds(300),
        clock now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.capacity = max(1, capacity)
        self.idleTimeout = idleTimeout
        self.codeLifetime = codeLifetime
        self.now = now
    }

    /// A new single-use code standing for `key` until `codeLifetime` has passed: what the
    /// banner's sign-in link carries instead of the key. At most `capacity` wait at once (the
    /// oldest goes first).
    public func issueCode(for key: String) -> String {
        let code = Self.randomHex()
        let time = now()
        lock.withLock {
            codes = codes.filter { time < $0.value.expires }
            if codes.count >= capacity,
                let oldest = codes.min(by: { $0.value.expires < $1.value.expires })?.key
            {
                codes[oldest] = nil
            }
            codes[code] = (key, time + codeLifetime)
        }
        return code
    }

    /// The key a code stands for, once: the code is forgotten whether or not it was still live.
    public func redeem(code: String) -> String? {
        let time = now()
        return lock.withLock {
            guard let entry = codes.removeValue(forKey: code), time < entry.expires else { return nil }
            return entry.key
        }
    }

    /// Opens a session for `key` with a fresh id and CSRF token.
    public func open(key: String) -> Session {
        let session = Session(id: Self.randomHex(), key: key, csrf: Self.randomHex())
        let time = now()
        lock.withLock {
            dropExpired(at: time)
            if entries.count >= capacity,
                let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
            {
                entries[oldest] = nil
            }
            entries[session.id] = (session, time)
        }
        return session
    }

    /// The live session with this id, marked as used now; nil when unknown or expired.
    public func session(id: String) -> Session? {
        let time = now()
        return lock.withLock {
            guard let entry = entries[id] else { return nil }
            guard time - entry.lastUsed < idleTimeout else {
                entries[id] = nil
                return nil
            }
            entries[id] = (entry.session, time)
            return entry.session
        }
    }

    /// Forgets a session (signing out).
    public func close(id: String) {
        lock.withLock { entries[id] = nil }
    }

    /// How many sessions are kept now.
    public var count: Int { lock.withLock { entries.count } }

    private func dropExpired(at time: ContinuousClock.Instant) {
        entries = entries.filter { time - $0.value.lastUsed < idleTimeout }
    }

    /// 128 random bits as 32 lowercase hex digits.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<2 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                text.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        return text
    }
}
