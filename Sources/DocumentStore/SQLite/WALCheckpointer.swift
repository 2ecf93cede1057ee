import CSQLite
import PlatformSupport

/// Copies the write-ahead log back into the database file on a thread of its own, so that a
/// write never waits for a checkpoint.
///
/// SQLite's default checkpoints inside the commit that takes the log past 1,000 pages: that
/// commit copies the pages and syncs the file (10-30 ms on a disk), and every writer queued
/// behind it waits as long. On a server under write load that stall made every worker look
/// stuck, so the server started more of them (40 threads for 32 connections) and paid for the
/// extra switching on every later request. Here the writer's commit hook (`sqlite3_wal_hook`,
/// which also turns off the default) only tells this thread; it runs a `PASSIVE` checkpoint on
/// its own connection, which never blocks writers or readers, and then copies the few pages
/// written meanwhile with writers held back for that moment (see `checkpoint`). Only when the log has grown to
/// `hardLimitPages` anyway (the thread cannot keep up, or a reader pins old pages) does the
/// committing writer checkpoint itself, as SQLite would, so the log stays bounded.
///
/// `@unchecked Sendable`: `pending`, `stopping`, `running` and the counters are guarded by
/// `condition`; `connection` is used only by the checkpoint thread.
final class WALCheckpointer: @unchecked Sendable {
    let thresholdPages: Int32
    let hardLimitPages: Int32
    private let path: String
    private let configuration: SQLiteConfiguration
    private let condition = PosixCondition()
    private var pending = false
    private var stopping = false
    private var running = false
    private var background = 0
    private var inline = 0

    /// Runs its argument while no writer writes (the pool's writer lock).
    private let quiesced: @Sendable (() -> Void) -> Void

    init(
        path: String, configuration: SQLiteConfiguration, thresholdPages: Int,
        quiesced: @escaping @Sendable (() -> Void) -> Void
    ) {
        self.quiesced = quiesced
        self.path = path
        self.configuration = configuration
        self.thresholdPages = Int32(clamping: max(1, thresholdPages))
        self.hardLimitPages = Int32(clamping: max(1, thresholdPages) * 8)
    }

    /// Installs the commit hook on `writer`; from then on its commits report the log's size here.
    func attach(to writer: SQLiteConnection) {
        sqlite3_wal_hook(
            writer.handle,
            { context, db, schema, pages in
                let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context!).takeUnretainedValue()
                return checkpointer.committed(pages: pages, db: db, schema: schema)
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Removes the hook from `writer` (before the writer or this object goes away).
    func detach(from writer: SQLiteConnection) {
        sqlite3_wal_hook(writer.handle, nil, nil)
    }

    /// Checkpoints run so far: by the thread, and by writers past the hard limit.
    var counts: (background: Int, inline: Int) {
        condition.withLock { (background, inline) }
    }

    /// Stops the thread (if it runs) and waits until it has closed its connection.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
    }

    /// The commit hook: called on the writer's thread, under the store's writer lock.
    private func committed(pages: Int32, db: OpaquePointer?, schema: UnsafePointer<CChar>?) -> Int32 {
        if pages >= hardLimitPages {
            sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            condition.withLock { inline += 1 }
        } else if pages >= thresholdPages {
            wake()
        }
        return SQLITE_OK
    }

    private func wake() {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, !pending else { return }
        pending = true
        if running {
            condition.signal()
            return
        }
        running = true
        PosixThread.spawn(name: "sqlite-checkpoint") { [self] in loop() }
    }

    private func loop() {
        runCheckpoints()
        condition.withLock {
            running = false
            condition.broadcast()
        }
    }

    /// Copies the log in two passes: the bulk while writers go on appending, then, with writers
    /// held back, the few pages they appended meanwhile. The log is then wholly in the database,
    /// so the next write starts it again from its beginning instead of growing the file.
    private func checkpoint(_ connection: SQLiteConnection) {
        sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        quiesced { sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
    }

    /// Waits for `wake`, checkpoints, until `stop`; its connection closes when it returns.
    private func runCheckpoints() {
        let connection = try? SQLiteConnection(path: path, configuration: configuration)
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            guard pending else {
                condition.wait()
                continue
            }
            pending = false
            condition.unlock()
            if let connection { checkpoint(connection) }
            condition.lock()
            if connection != nil { background += 1 }
        }
    }
}
