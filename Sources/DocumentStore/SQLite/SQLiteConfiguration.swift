/// How connections are configured when opened.
public struct SQLiteConfiguration: Sendable, Hashable {
    /// SQLite's `PRAGMA synchronous` levels that make sense with WAL.
    public enum Synchronous: String, Sendable, Hashable {
        /// WAL commits survive a killed process; the last commits may be lost on power failure.
        case normal = "NORMAL"
        /// Every commit is fsynced: survives power failure as well, at one fsync per commit.
        case full = "FULL"
    }

    public var synchronous: Synchronous
    /// How long a connection waits for a lock held by another connection.
    public var busyTimeoutMilliseconds: Int
    /// Page cache per connection, in KiB. Small on purpose: the server keeps up to 17
    /// connections, each cache fills with whatever it last touched, and a page that misses is a
    /// read from the OS page cache (a microsecond or two), so bigger caches mostly cost memory.
    public var cacheKilobytes: Int

    public init(
        synchronous: Synchronous = .normal, busyTimeoutMilliseconds: Int = 5000, cacheKilobytes: Int = 2048
    ) {
        self.synchronous = synchronous
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.cacheKilobytes = cacheKilobytes
    }
}
