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
    /// Bytes of the database file read through a memory map (`PRAGMA mmap_size`; 0 turns it
    /// off). A scan of a collection larger than the page cache then reads the OS page cache in
    /// place instead of copying every page through `read(2)`; the map is address space shared
    /// by all connections, not memory.
    public var mmapBytes: Int
    /// Keeps the database to this process: opens with SQLite's `unix-excl` VFS, whose first
    /// connection takes an exclusive lock on the file until the last one closes, and which
    /// keeps the WAL index in process memory instead of the `-shm` file. Transactions then
    /// make no `fcntl` lock calls (six per write and four per read otherwise, each a system
    /// call through one kernel lock per file), while connections of the same process still
    /// coordinate as usual. Another process opening the file meanwhile gets `SQLITE_BUSY`.
    public var processExclusive: Bool
    /// Log pages after which a thread of the pool copies the write-ahead log back into the
    /// database (`WALCheckpointer`); a writer does it itself only at eight times as many.
    public var checkpointPages: Int

    public init(
        synchronous: Synchronous = .normal, busyTimeoutMilliseconds: Int = 5000, cacheKilobytes: Int = 2048,
        mmapBytes: Int = 1 << 30, processExclusive: Bool = false, checkpointPages: Int = 1000
    ) {
        self.synchronous = synchronous
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.cacheKilobytes = cacheKilobytes
        self.mmapBytes = mmapBytes
        self.processExclusive = processExclusive
        self.checkpointPages = checkpointPages
    }
}
