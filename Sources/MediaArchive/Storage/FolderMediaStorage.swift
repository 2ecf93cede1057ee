import DocumentJSON
import PlatformSupport

/// The archive in a folder (`<data>/media`): `<id>` holds a file's bytes and `<id>.json` its
/// metadata. Files are written to `.tmp-<id>` and renamed only once every file of an upload is
/// written; a file set aside is renamed `.trash-<id>`. Opening removes what an earlier run left
/// (temporary files, files set aside, bytes whose metadata never got written).
///
/// `@unchecked Sendable`: `catalog` is only touched under `lock`.
public final class FolderMediaStorage: MediaStorage, @unchecked Sendable {
    public let path: String
    public var directory: String? { path }
    private let lock = PosixCondition()
    private var catalog = MediaCatalog()
    /// Test hook: the write of the file with this index (0-based, within one upload) fails.
    var failingWriteIndex: Int?

    /// Opens (making it if needed) the folder `path`.
    public init(path: String) throws(MediaStoreError) {
        self.path = path
        try MediaFiles.makeDirectory(path)
        let names = MediaFiles.list(path)
        for name in names where name.hasPrefix(".") { MediaFiles.remove(path + "/" + name) }
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            guard let bytes = try? MediaFiles.readAll(path + "/" + name), let value = try? JSON.parse(bytes),
                let record = MediaRecord(json: value), names.contains(record.id)
            else { continue }
            catalog.add(record)
        }
        for name in names where !name.hasPrefix(".") && !name.hasSuffix(".json") && catalog.files[name] == nil
        {
            MediaFiles.remove(path + "/" + name)  // a file whose metadata never got written
        }
    }

    public func records() -> [MediaRecord] {
        lock.withLock { catalog.sorted }
    }

    public func record(_ key: String) -> MediaRecord? {
        lock.withLock { catalog.record(key) }
    }

    public func store(_ made: [(record: MediaRecord, upload: MediaStore.Upload)]) throws(MediaStoreError) {
        // The copies (the slow part) are made before the lock: uploads run side by side, and
        // reads are not held up by one.
        let temporaries = try writeTemporaries(made)
        lock.lock()
        defer { lock.unlock() }
        try publish(made, temporaries)
        for (record, _) in made { catalog.add(record) }
    }

    /// Every file and its metadata under a temporary name (`.tmp-<id>`, which no reader
    /// looks at); a failure removes whatever this call wrote. Returns the names written.
    private func writeTemporaries(_ made: [(record: MediaRecord, upload: MediaStore.Upload)])
        throws(MediaStoreError) -> [String]
    {
        var temporaries: [String] = []
        do throws(MediaStoreError) {
            for (index, (record, upload)) in made.enumerated() {
                let data = path + "/.tmp-" + record.id
                let meta = data + ".json"
                temporaries += [data, meta]
                if index == failingWriteIndex { throw MediaStoreError.io("write", path: data, errno: 5) }
                try MediaFiles.write(upload.source, range: upload.range, to: data)
                try MediaFiles.write(Array(record.json.serialized().utf8), to: meta)
            }
            return temporaries
        } catch {
            temporaries.forEach(MediaFiles.remove)
            throw error
        }
    }

    /// The renames, under `lock`: a failure removes whatever this call made.
    private func publish(_ made: [(record: MediaRecord, upload: MediaStore.Upload)], _ temporaries: [String])
        throws(MediaStoreError)
    {
        var finals: [String] = []
        do throws(MediaStoreError) {
            for (record, _) in made {
                let final = path + "/" + record.id
                try MediaFiles.rename(path + "/.tmp-" + record.id, to: final)
                finals.append(final)
                try MediaFiles.rename(path + "/.tmp-" + record.id + ".json", to: final + ".json")
                finals.append(final + ".json")
            }
        } catch {
            (temporaries + finals).forEach(MediaFiles.remove)
            throw error
        }
    }

    public func read(_ id: String, range: Range<Int>) throws(MediaStoreError) -> [UInt8] {
        try MediaFiles.read(path + "/" + id, offset: range.lowerBound, count: range.count)
    }

    public func remove(_ id: String) -> Bool {
        lock.withLock {
            guard catalog.remove(id) else { return false }
            MediaFiles.remove(path + "/" + id)
            MediaFiles.remove(path + "/" + id + ".json")
            return true
        }
    }

    public func setAside(_ id: String) -> Bool {
        lock.withLock {
            guard catalog.setAside(id) else { return false }
            moveAll(of: id, from: "", to: ".trash-")
            return true
        }
    }

    public func bringBack(_ id: String) -> Bool {
        lock.withLock {
            guard catalog.bringBack(id) else { return false }
            moveAll(of: id, from: ".trash-", to: "")
            return true
        }
    }

    private func moveAll(of id: String, from: String, to: String) {
        for suffix in ["", ".json"] {
            try? MediaFiles.rename(path + "/" + from + id + suffix, to: path + "/" + to + id + suffix)
        }
    }
}

/// The archive in memory, for a server without a data folder: gone when the process ends,
/// and at most `limit` bytes.
///
/// `@unchecked Sendable`: everything is only touched under `lock`.
public final class MemoryMediaStorage: MediaStorage, @unchecked Sendable {
    public var directory: String? { nil }
    private let lock = PosixCondition()
    private var catalog = MediaCatalog()
    private var bytes: [String: [UInt8]] = [:]
    private var limitBytes = 256 * 1024 * 1024

    public init() {}

    /// Most bytes the archive holds (files set aside count too).
    public var limit: Int {
        get { lock.withLock { limitBytes } }
        set { lock.withLock { limitBytes = newValue } }
    }

    public func records() -> [MediaRecord] {
        lock.withLock { catalog.sorted }
    }

    public func record(_ key: String) -> MediaRecord? {
        lock.withLock { catalog.record(key) }
    }

    public func store(_ made: [(record: MediaRecord, upload: MediaStore.Upload)]) throws(MediaStoreError) {
        var copies: [[UInt8]] = []
        for (_, upload) in made { copies.append(Array(try upload.source.bytes(in: upload.range))) }
        lock.lock()
        defer { lock.unlock() }
        let held = bytes.values.reduce(0) { $0 + $1.count }
        guard held + copies.reduce(0, { $0 + $1.count }) <= limitBytes else {
            throw .full(limit: limitBytes)
        }
        for ((record, _), copy) in zip(made, copies) {
            catalog.add(record)
            bytes[record.id] = copy
        }
    }

    public func read(_ id: String, range: Range<Int>) -> [UInt8] {
        let file = lock.withLock { bytes[id] } ?? []
        return Array(file[min(range.lowerBound, file.count)..<min(range.upperBound, file.count)])
    }

    public func remove(_ id: String) -> Bool {
        lock.withLock {
            guard catalog.remove(id) else { return false }
            bytes[id] = nil
            return true
        }
    }

    public func setAside(_ id: String) -> Bool {
        lock.withLock { catalog.setAside(id) }
    }

    public func bringBack(_ id: String) -> Bool {
        lock.withLock { catalog.bringBack(id) }
    }
}
