import DocumentJSON
import Pictures
import PlatformSupport

/// restdb's media archive: files by generated id, in `<data>/media/<id>` with their metadata
/// beside them in `<id>.json`, or in memory for a server without a data folder.
///
/// Uploads are all-or-nothing: every file of a request is written to a temporary name first
/// and renamed only when all were written, so a failed request leaves no file behind. A file
/// is copied from its source a piece at a time (a body on disk is never whole in memory).
///
/// ```swift
/// let media = try MediaStore(directory: "/data/media")
/// let records = try media.add([.init(fieldName: "file", filename: "cat.jpg", declaredType: nil, bytes: bytes[...])])
/// ```
public final class MediaStore: @unchecked Sendable {
    public struct Upload: Sendable {
        public var fieldName: String
        public var filename: String
        public var declaredType: String?
        /// Where the file's bytes are: `range` of `source`.
        public var source: any MediaByteSource
        public var range: Range<Int>

        public init(
            fieldName: String, filename: String, declaredType: String?, source: any MediaByteSource,
            range: Range<Int>
        ) {
            self.fieldName = fieldName
            self.filename = filename
            self.declaredType = declaredType
            self.source = source
            self.range = range
        }

        /// An upload whose bytes are in memory.
        public init(fieldName: String, filename: String, declaredType: String?, bytes: ArraySlice<UInt8>) {
            self.init(
                fieldName: fieldName, filename: filename, declaredType: declaredType, source: Array(bytes),
                range: 0..<bytes.count)
        }
    }

    /// The folder the files live in; nil when they live in memory.
    public let directory: String?
    // Everything below is guarded by `lock`.
    private let lock = PosixCondition()
    private var records: [String: MediaRecord] = [:]
    private var memoryFiles: [String: [UInt8]] = [:]
    /// The ids there at start, which `resetToStart` brings back.
    private var startIDs: Set<String> = []
    /// Start files deleted since: kept aside until the next start, so a reset can restore them.
    private var trashed: [String: MediaRecord] = [:]
    /// Ids a named snapshot holds: deleting one sets its files aside, as for start files.
    private var pinned: Set<String> = []
    /// Most bytes an archive in memory holds (a server without a data folder keeps every
    /// upload in RAM until it stops).
    public var memoryLimit = 256 * 1024 * 1024
    /// Thumbnails made so far, within 32 MiB.
    let thumbnails = ThumbnailCache(budget: 32 * 1024 * 1024)
    /// Thumbnails decoded at once; a request past them is refused (503 with `Retry-After`), so
    /// a crowd asking for thumbnails of large files holds at most this many decodes in memory.
    package let thumbnailSlots = WorkSlots(count: 2)
    /// Most bytes decoding one file for a thumbnail may take, estimated from the file's header
    /// before decoding (`ImageDecoder.estimatedMemory`); a file past it has no thumbnail (400).
    /// 192 MiB holds a 12-megapixel progressive JPEG.
    public var thumbnailMemoryBudget = 192 * 1024 * 1024
    /// Test hook: the write of the file with this index (0-based, within one upload) fails.
    var failingWriteIndex: Int?

    /// Opens (making it if needed) the folder `directory`, or an empty archive in memory for nil.
    /// What an earlier run left half done (temporary files, files set aside for a reset) is removed.
    public init(directory: String?) throws(MediaStoreError) {
        self.directory = directory
        guard let directory else { return }
        try MediaFiles.makeDirectory(directory)
        let names = MediaFiles.list(directory)
        for name in names where name.hasPrefix(".") { MediaFiles.remove(directory + "/" + name) }
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = directory + "/" + name
            guard let bytes = try? MediaFiles.readAll(path), let value = try? JSON.parse(bytes),
                let record = MediaRecord(json: value), names.contains(record.id)
            else { continue }
            records[record.id] = record
        }
        for name in names where !name.hasPrefix(".") && !name.hasSuffix(".json") && records[name] == nil {
            MediaFiles.remove(directory + "/" + name)  // a file whose metadata never got written
        }
        startIDs = Set(records.keys)
    }

    /// An empty archive in memory, for a server without a data folder.
    public static func inMemory() -> MediaStore {
        // Cannot fail: only a folder can.
        try! MediaStore(directory: nil)
    }

    /// Stores `uploads` and returns their records in order; nothing is stored when one fails.
    public func add(_ uploads: [Upload]) throws(MediaStoreError) -> [MediaRecord] {
        guard !uploads.isEmpty else { throw .noFiles }
        let created = ISODate.format(milliseconds: ISODate.nowMilliseconds())
        var made: [(MediaRecord, Upload)] = []
        for upload in uploads {
            guard upload.filename.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw .badFilename(upload.filename)
            }
            let record = MediaRecord(
                id: ObjectID.generate(), created: created, originalName: upload.filename,
                size: upload.range.count,
                mimeType: try Self.mimeType(of: upload), fieldName: upload.fieldName)
            made.append((record, upload))
        }
        // The copies (the slow part) are made before the lock: uploads run side by side, and
        // reads are not held up by one.
        let temporaries = try directory.map { directory throws(MediaStoreError) in
            try writeTemporaries(made, in: directory)
        }
        lock.lock()
        defer { lock.unlock() }
        if directory == nil {
            let held = memoryFiles.values.reduce(0) { $0 + $1.count }
            guard held + made.reduce(0, { $0 + $1.1.range.count }) <= memoryLimit else {
                throw .full(limit: memoryLimit)
            }
        }
        if let directory, let temporaries { try publish(made, temporaries, in: directory) }
        for (record, upload) in made {
            records[record.id] = record
            if directory == nil { memoryFiles[record.id] = Array(try upload.source.bytes(in: upload.range)) }
        }
        return made.map(\.0)
    }

    /// Every file and its metadata under a temporary name (`.tmp-<id>`, which no reader
    /// looks at); a failure removes whatever this call wrote. Returns the names written.
    private func writeTemporaries(_ made: [(MediaRecord, Upload)], in directory: String)
        throws(MediaStoreError) -> [String]
    {
        var temporaries: [String] = []
        do throws(MediaStoreError) {
            for (index, (record, upload)) in made.enumerated() {
                let data = directory + "/.tmp-" + record.id
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
    private func publish(_ made: [(MediaRecord, Upload)], _ temporaries: [String], in directory: String)
        throws(MediaStoreError)
    {
        var finals: [String] = []
        do throws(MediaStoreError) {
            for (record, _) in made {
                let path = directory + "/" + record.id
                try MediaFiles.rename(directory + "/.tmp-" + record.id, to: path)
                finals.append(path)
                try MediaFiles.rename(directory + "/.tmp-" + record.id + ".json", to: path + ".json")
                finals.append(path + ".json")
            }
        } catch {
            (temporaries + finals).forEach(MediaFiles.remove)
            throw error
        }
    }

    /// The record with id `key`, else the newest whose original file name is `key`.
    public func record(_ key: String) -> MediaRecord? {
        lock.withLock {
            if let record = records[key] { return record }
            return records.values.filter { $0.originalName == key }.max { $0.id < $1.id }
        }
    }

    /// Every record, oldest first.
    public func all() -> [MediaRecord] {
        lock.withLock { records.values.sorted { $0.id < $1.id } }
    }

    /// The file's bytes in `range` (all of them for nil); `range` must lie inside the file.
    public func contents(of record: MediaRecord, range: Range<Int>? = nil) throws(MediaStoreError) -> [UInt8]
    {
        let range = range ?? 0..<record.size
        guard let directory else {
            let bytes = lock.withLock { memoryFiles[record.id] } ?? []
            return Array(bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)])
        }
        return try MediaFiles.read(directory + "/" + record.id, offset: range.lowerBound, count: range.count)
    }

    /// Removes the file; false when there is none with that id.
    @discardableResult
    public func delete(_ id: String) -> Bool {
        lock.withLock { discard(id) }
    }

    /// Takes `id` out of the archive; a start file or one a named snapshot holds is set aside
    /// (`.trash-` in the folder) so a reset or a restore can bring it back. Holds `lock`.
    @discardableResult
    private func discard(_ id: String) -> Bool {
        guard let record = records.removeValue(forKey: id) else { return false }
        if startIDs.contains(id) || pinned.contains(id) {
            trashed[id] = record
            if let directory { moveAll(of: id, from: "", to: ".trash-", in: directory) }
        } else {
            memoryFiles[id] = nil
            if let directory { removeAll(of: id, prefix: "", in: directory) }
        }
        return true
    }

    /// The files now, for a named snapshot (`POST /_restlite/snapshots/{name}`): what
    /// `restore(snapshot:)` returns to. While the server runs, their files are set aside rather
    /// than removed when they are deleted.
    public func captureSnapshot() -> Set<String> {
        lock.withLock {
            let ids = Set(records.keys)
            pinned.formUnion(ids)
            return ids
        }
    }

    /// Back to the files of a snapshot: files uploaded since go, deleted ones return. Returns
    /// how many files the archive holds afterwards.
    @discardableResult
    public func restore(snapshot ids: Set<String>) -> Int {
        lock.withLock {
            for id in Array(records.keys) where !ids.contains(id) { discard(id) }
            for id in ids where records[id] == nil {
                guard let record = trashed.removeValue(forKey: id) else { continue }
                records[id] = record
                if let directory { moveAll(of: id, from: ".trash-", to: "", in: directory) }
            }
            return records.count
        }
    }

    /// Back to the files there at start: uploads since are removed, deleted start files return.
    /// Returns how many files the archive holds afterwards.
    @discardableResult
    public func resetToStart() -> Int {
        lock.withLock {
            for id in Array(records.keys) where !startIDs.contains(id) { discard(id) }
            for (id, record) in trashed where startIDs.contains(id) {
                trashed[id] = nil
                records[id] = record
                if let directory { moveAll(of: id, from: ".trash-", to: "", in: directory) }
            }
            return records.count
        }
    }

    private func moveAll(of id: String, from: String, to: String, in directory: String) {
        for suffix in ["", ".json"] {
            try? MediaFiles.rename(
                directory + "/" + from + id + suffix, to: directory + "/" + to + id + suffix)
        }
    }

    private func removeAll(of id: String, prefix: String, in directory: String) {
        MediaFiles.remove(directory + "/" + prefix + id)
        MediaFiles.remove(directory + "/" + prefix + id + ".json")
    }

    /// Copies every file and its metadata (`<id>` and `<id>.json`) into `target` (made if
    /// needed; files already there are replaced), so that folder can serve as another data
    /// folder's `media/`. Returns how many files were copied.
    @discardableResult
    public func copyAll(to target: String) throws(MediaStoreError) -> Int {
        try MediaFiles.makeDirectory(target)
        let list = all()
        for record in list {
            // A file on disk is copied a piece at a time; one in memory is already whole.
            let source: any MediaByteSource =
                if let directory {
                    MediaFileSource(path: directory + "/" + record.id, count: record.size)
                } else {
                    try contents(of: record)
                }
            let path = target + "/" + record.id
            MediaFiles.remove(path)
            try MediaFiles.write(source, range: 0..<source.count, to: path)
            MediaFiles.remove(path + ".json")
            try MediaFiles.write(Array(record.json.serialized().utf8), to: path + ".json")
        }
        return list.count
    }

    /// The sniffed image type wins over what the client declared; a declared type is kept for
    /// anything else, and a declared image type is kept too (a thumbnail of it is refused).
    static func mimeType(of upload: Upload) throws(MediaStoreError) -> String {
        let head = upload.range.lowerBound..<min(upload.range.upperBound, upload.range.lowerBound + 16)
        if let format = ImageFormat.sniff(try upload.source.bytes(in: head)) { return format.mimeType }
        if let declared = upload.declaredType?.trimmingBlanks(), !declared.isEmpty,
            declared.allSatisfy({ $0.isASCII && $0 != "\r" && $0 != "\n" })
        {
            return declared
        }
        let ext = upload.filename.split(separator: ".").last.map(String.init) ?? ""
        return ImageFormat(fileExtension: ext)?.mimeType ?? "application/octet-stream"
    }
}
