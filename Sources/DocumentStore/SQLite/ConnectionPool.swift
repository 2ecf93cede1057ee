import DocumentQuery
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One writer connection and a pool of reader connections on the same WAL database.
///
/// Ownership argument for `@unchecked Sendable`: the connections are non-`Sendable` and are
/// only reached inside `write` (under `writerLock`, so one thread at a time) or `read` (a reader
/// is removed from `idleReaders` under `readerCondition` before use and put back after, so each
/// reader has one user at a time). No connection escapes the closures: the closures are
/// non-escaping and the connection type is not `Sendable`, so the compiler rejects sending it
/// elsewhere. WAL lets readers run while the writer writes, so reads never wait for the writer
/// lock.
public final class ConnectionPool: @unchecked Sendable {
    private let path: String
    private let configuration: SQLiteConfiguration
    private let writer: SQLiteConnection
    private let writerLock = PosixCondition()
    private let readerCondition = PosixCondition()
    /// Readers not in use, each with the thread that used it last (`PosixThread.current`).
    private var idleReaders: [(reader: SQLiteConnection, thread: UInt)] = []
    private var openReaders = 0
    private let maximumReaders: Int
    /// Checkpoints the log off the writer's path; nil when the database has no log (in memory).
    let checkpointer: WALCheckpointer?

    /// Opens the writer at once (creating the file and switching it to WAL); readers open on
    /// demand, at most `maximumReaders`.
    public init(path: String, configuration: SQLiteConfiguration = .init(), maximumReaders: Int = 16)
        throws(SQLiteError)
    {
        self.path = path
        self.configuration = configuration
        self.maximumReaders = max(1, maximumReaders)
        self.writer = try SQLiteConnection(path: path, configuration: configuration)
        // Compiled query conditions call restlite_regexp, restlite_date, restlite_contains_ci.
        try registerQueryFunctions(on: writer)
        if case .text("wal") = try writer.scalar("PRAGMA journal_mode") {
            let writerLock = writerLock
            let checkpointer = WALCheckpointer(
                path: path, configuration: configuration, thresholdPages: configuration.checkpointPages,
                quiesced: { body in writerLock.withLock(body) })
            checkpointer.attach(to: writer)
            self.checkpointer = checkpointer
        } else {
            checkpointer = nil
        }
    }

    deinit {
        guard let checkpointer else { return }
        writerLock.withLock { checkpointer.detach(from: writer) }
        checkpointer.stop()
    }

    /// Runs `body` with the writer connection; writers run one at a time.
    public func write<T>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        writerLock.lock()
        defer { writerLock.unlock() }
        return try body(writer)
    }

    /// Runs `body` with a reader connection of its own, opening one if none is idle. A thread
    /// gets back the reader it used last when that one is idle: a connection's memory (its
    /// statements, cursors and page cache) then stays in the caches of the core the thread runs
    /// on, where handing readers round in turn moved it between cores on almost every read.
    public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let reader = try checkOutReader()
        defer { checkIn(reader) }
        return try body(reader)
    }

    private func checkOutReader() throws -> SQLiteConnection {
        readerCondition.lock()
        while idleReaders.isEmpty && openReaders >= maximumReaders {
            readerCondition.wait()
        }
        if !idleReaders.isEmpty {
            let thread = PosixThread.current
            let index = idleReaders.lastIndex { $0.thread == thread } ?? idleReaders.count - 1
            let reader = idleReaders.remove(at: index).reader
            readerCondition.unlock()
            return reader
        }
        openReaders += 1
        readerCondition.unlock()
        do {
            let reader = try SQLiteConnection(path: path, configuration: configuration)
            try reader.execute("PRAGMA query_only=1")
            try registerQueryFunctions(on: reader)
            return reader
        } catch {
            readerCondition.lock()
            openReaders -= 1
            readerCondition.signal()
            readerCondition.unlock()
            throw error
        }
    }

    private func checkIn(_ reader: SQLiteConnection) {
        if !reader.isAutocommit { try? reader.execute("ROLLBACK") }
        readerCondition.lock()
        idleReaders.append((reader, PosixThread.current))
        readerCondition.signal()
        readerCondition.unlock()
    }
}
