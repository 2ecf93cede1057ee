#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a server keeps its data in: the SQLite database, the key file and a lock file
/// that keeps a second server away while one runs.
public struct DataFolder: Sendable {
    public let url: URL

    public init(path: String) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    public var databaseURL: URL { url.appendingPathComponent("restlite.sqlite") }
    public var keysURL: URL { KeyFile.url(inDataFolder: url) }
    public var lockURL: URL { url.appendingPathComponent("restlite.lock") }

    /// True when the folder holds no database yet: a first start, which seeds.
    public var isNew: Bool { !FileManager.default.fileExists(atPath: databaseURL.path) }

    public func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the database and SQLite's files beside it, so the folder is new again. For a
    /// command that created the database and then failed (a first seed, an import); never
    /// while a store has the file open.
    public func removeDatabase() {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: databaseURL.path + suffix)
        }
    }

    /// Takes the folder's lock for as long as the returned value lives. A second process that
    /// tries gets `DataFolderError.inUse` at once instead of sharing the files.
    public func lock() throws -> DataFolderLock {
        try create()
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw DataFolderError.cannotOpen(path: lockURL.path, errno: errno)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw DataFolderError.inUse(path: url.path)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        return DataFolderLock(descriptor: descriptor)
    }
}

/// Holds a data folder's lock; releasing it (or the process ending) frees the folder.
public final class DataFolderLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

public enum DataFolderError: Error, CustomStringConvertible {
    case inUse(path: String)
    case cannotOpen(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .inUse(let path):
            "another restlite server is already using the data folder \(path). Stop it, or start this one with "
                + "another folder (--data-dir)."
        case .cannotOpen(let path, let code):
            "cannot open \(path): \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
