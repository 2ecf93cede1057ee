import DocumentStore
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
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
    /// The media archive's files (`<id>`) and their metadata (`<id>.json`).
    public var mediaURL: URL { url.appendingPathComponent("media", isDirectory: true) }

    /// True when the folder holds no database yet: a first start, which seeds.
    public var isNew: Bool { !FileManager.default.fileExists(atPath: databaseURL.path) }

    /// Whether the database is there, told apart from a folder that cannot be read (for
    /// commands that only use what is there: "cannot read" is not "no database").
    public func databasePresence() -> Presence {
        do {
            _ = try FileSystem.status(databaseURL.path)
            return .present
        } catch {
            return error.isMissing ? .absent : .unreadable(errno: error.code)
        }
    }

    public enum Presence: Equatable, Sendable {
        case present
        case absent
        case unreadable(errno: Int32)
    }

    /// Makes the folder and any missing parents. Throws `DataFolderError.cannotCreate` naming
    /// the path and what to do when the path is a file, lies under a file or may not be written.
    public func create() throws {
        do {
            try FileSystem.makeDirectories(url.path)
        } catch {
            throw DataFolderError.cannotCreate(path: url.path, failedAt: error.path, errno: error.code)
        }
    }

    /// errno values that mean "this user may not write there".
    static let deniedCodes: Set<Int32> = [Errno.accessDenied, Errno.notPermitted, Errno.readOnlyFileSystem]

    /// The store's own open failures said with the database's path: a file that is not a
    /// restlite database, or one that cannot be opened. Other errors pass through.
    public func describeOpenFailure(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.primaryCode {
        case 26, 11:  // SQLITE_NOTADB, SQLITE_CORRUPT
            return DataFolderError.notADatabase(path: databaseURL.path)
        case 14:  // SQLITE_CANTOPEN
            if let code = FileSystem.writeAccessDenied(url.path), Self.deniedCodes.contains(code) {
                return DataFolderError.notWritable(path: url.path, by: Self.userDescription())
            }
            return DataFolderError.cannotOpenDatabase(path: databaseURL.path)
        default:
            return error
        }
    }

    /// The user this process runs as, for messages: `nobody (uid 65534)`.
    static func userDescription() -> String {
        CurrentProcess.describeUser(CurrentProcess.userID)
    }

    /// Who owns `path`, for messages: `root (uid 0)`; nil when it cannot be looked at.
    static func ownerDescription(_ path: String) -> String? {
        (try? FileSystem.status(path)).map { CurrentProcess.describeUser($0.owner) }
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
        let lockPath = lockURL.path
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(lockPath, .readWriteCreate)
        } catch {
            if Self.deniedCodes.contains(error.code) {
                let there = FileManager.default.fileExists(atPath: lockPath)
                throw DataFolderError.notWritable(
                    path: there ? lockPath : url.path, by: Self.userDescription())
            }
            throw DataFolderError.cannotOpen(path: lockPath, errno: error.code)
        }
        guard (try? file.tryLock(.exclusive)) == true else {
            file.close()
            throw DataFolderError.inUse(path: url.path)
        }
        let lock = DataFolderLock(file: file)
        lock.rewrite("\(CurrentProcess.id)\n")
        return lock
    }
}

/// Holds a data folder's lock; releasing it (or the process ending) frees the folder.
public final class DataFolderLock: Sendable {
    private let file: FileDescriptor

    init(file: FileDescriptor) {
        self.file = file
    }

    deinit {
        file.unlock()
        file.close()
    }

    /// Rewrites the lock file as `PID`, a newline, `url` and a newline: where the server that
    /// holds the lock answers, so `restlite export` and `index` can go through it.
    package func record(url: String) {
        rewrite("\(CurrentProcess.id)\n\(url)\n")
    }

    /// Replaces the lock file's text; a failure leaves it as it was or empty, which readers
    /// take for "no server URL" (the lock itself holds either way).
    func rewrite(_ text: String) {
        try? file.truncate(to: 0)
        try? file.write(Array(text.utf8), at: 0)
    }
}

extension DataFolder {
    /// The URL of the `restlite serve` that holds this folder's lock, as it recorded it once
    /// listening; nil when no process holds the lock, or the holder is not a listening server
    /// (an import, a reset, a server still starting). Creates nothing.
    public func runningServerURL() -> String? {
        guard let file = try? FileDescriptor.open(lockURL.path, .read) else { return nil }
        defer { file.close() }
        if (try? file.tryLock(.shared)) == true {
            file.unlock()
            return nil
        }
        guard let bytes = try? file.read(at: 0, count: 4096), !bytes.isEmpty else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.count >= 2, lines[1].hasPrefix("http://") else { return nil }
        return String(lines[1])
    }
}

public enum DataFolderError: Error, CustomStringConvertible, Equatable {
    case inUse(path: String)
    case cannotOpen(path: String, errno: Int32)
    /// Making the folder failed at `failedAt` (the folder or one of its parents).
    case cannotCreate(path: String, failedAt: String, errno: Int32)
    /// The folder (or a parent) cannot be searched, so whether it holds a database is unknown.
    case cannotRead(path: String, errno: Int32)
    /// `restlite.sqlite` is there but is not an SQLite database.
    case notADatabase(path: String)
    /// The folder (or its lock file) is there, but the user running restlite may not write it.
    case notWritable(path: String, by: String)
    /// SQLite could not open `restlite.sqlite` (permissions, a folder in its place).
    case cannotOpenDatabase(path: String)

    public var description: String {
        switch self {
        case .inUse(let path):
            "another restlite server is already using the data folder \(path). Stop it, or start this one with "
                + "another folder (--data-dir)."
        case .cannotOpen(let path, let code):
            "cannot open \(path): \(Self.reason(code)); check that the user running restlite may write to "
                + "that folder, or choose another with --data-dir"
        case .cannotCreate(let path, let failedAt, let code):
            Self.cannotCreate(path, failedAt: failedAt, errno: code)
        case .cannotRead(let path, let code):
            code == Errno.notDirectory
                ? "cannot read the data folder \(path): part of that path is a file, not a folder; "
                    + "give --data-dir a folder"
                : "cannot read the data folder \(path): \(Self.reason(code)); give the user running restlite "
                    + "access to it (it is there, but this user may not look inside), or choose another with --data-dir"
        case .notWritable(let path, let user):
            "\(path) is not writable by \(user), the user running restlite"
                + (DataFolder.ownerDescription(path).map { " (it belongs to \($0))" } ?? "")
                + "; give that user write access (chown or chmod), run restlite as the owner, or choose "
                + "another folder with --data-dir"
        case .notADatabase(let path):
            "\(path) is not a restlite database (SQLite reads it as damaged or as another kind of file); "
                + "move it aside (or delete it) so restlite starts a new one there, or give --data-dir another folder"
        case .cannotOpenDatabase(let path):
            "cannot open the database \(path); check that it is a file the user running restlite may read and "
                + "write, in a folder it may write to, or give --data-dir another folder"
        }
    }

    private static func cannotCreate(_ path: String, failedAt: String, errno code: Int32) -> String {
        switch code {
        case Errno.notDirectory where failedAt == path:
            "the data folder \(path) is a file, not a folder; give --data-dir a folder, or a path that does not "
                + "exist yet"
        case Errno.notDirectory:
            "cannot create the data folder \(path): \(failedAt) is a file, not a folder; give --data-dir a path "
                + "that is not inside a file"
        case Errno.accessDenied, Errno.notPermitted, Errno.readOnlyFileSystem:
            "cannot create the data folder \(path): no permission to create \(failedAt) (\(reason(code))); give "
                + "--data-dir a folder the user running restlite may write to, or create it first"
        default:
            "cannot create the data folder \(path): \(failedAt): \(reason(code)); give --data-dir another folder"
        }
    }

    private static func reason(_ code: Int32) -> String {
        "\(FileSystem.errnoText(code)) (errno \(code))"
    }
}
