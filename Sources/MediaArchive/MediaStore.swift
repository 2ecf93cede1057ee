import DocumentJSON
import Pictures
import PlatformSupport

/// restdb's media archive: files by generated id, kept by a `MediaStorage`: in
/// `<data>/media/<id>` with their metadata beside them in `<id>.json`, in memory for a server
/// without a data folder, or in the PostgreSQL database every restlite process on it shares.
///
/// Uploads are all-or-nothing: a failed request leaves no file behind. A file is copied from
/// its source a piece at a time (a body on disk is never whole in memory). Files there at
/// start, and files a named snapshot holds, are set aside rather than removed when deleted, so
/// `resetToStart` and `restore(snapshot:)` bring them back.
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

    /// Where the files are kept.
    public let storage: any MediaStorage
    /// The folder the files live in; nil when they live in memory or in a database.
    public var directory: String? { storage.directory }
    // Everything below is guarded by `lock`.
    private let lock = PosixCondition()
    /// The ids there at start, which `resetToStart` brings back.
    private var startIDs: Set<String> = []
    /// Ids this archive set aside (start files, or files a snapshot holds, deleted since).
    private var setAside: Set<String> = []
    /// Ids a named snapshot holds: deleting one sets its files aside, as for start files.
    private var pinned: Set<String> = []
    /// Most bytes an archive in memory holds (a server without a data folder keeps every
    /// upload in RAM until it stops); other storages have no such limit.
    public var memoryLimit: Int {
        get { (storage as? MemoryMediaStorage)?.limit ?? Int.max }
        set { (storage as? MemoryMediaStorage)?.limit = newValue }
    }
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
    var failingWriteIndex: Int? {
        get { (storage as? FolderMediaStorage)?.failingWriteIndex }
        set { (storage as? FolderMediaStorage)?.failingWriteIndex = newValue }
    }

    /// The archive kept by `storage`; the files it holds now are the start files.
    public init(storage: any MediaStorage) throws(MediaStoreError) {
        self.storage = storage
        startIDs = Set(try storage.records().map(\.id))
    }

    /// Opens (making it if needed) the folder `directory`, or an empty archive in memory for nil.
    /// What an earlier run left half done (temporary files, files set aside for a reset) is removed.
    public convenience init(directory: String?) throws(MediaStoreError) {
        if let directory {
            try self.init(storage: try FolderMediaStorage(path: directory))
        } else {
            try self.init(storage: MemoryMediaStorage())
        }
    }

    /// An empty archive in memory, for a server without a data folder.
    public static func inMemory() -> MediaStore {
        // Cannot fail: only a folder or a database can.
        try! MediaStore(storage: MemoryMediaStorage())
    }

    /// Stores `uploads` and returns their records in order; nothing is stored when one fails.
    public func add(_ uploads: [Upload]) throws(MediaStoreError) -> [MediaRecord] {
        guard !uploads.isEmpty else { throw .noFiles }
        let created = ISODate.format(milliseconds: ISODate.nowMilliseconds())
        var made: [(record: MediaRecord, upload: Upload)] = []
        for upload in uploads {
            guard Self.hasNoControlCharacters(upload.filename) else { throw .badFilename(upload.filename) }
            guard Self.hasNoControlCharacters(upload.fieldName) else { throw .badFieldName(upload.fieldName) }
            let record = MediaRecord(
                id: ObjectID.generate(), created: created, originalName: upload.filename,
                size: upload.range.count,
                mimeType: try Self.mimeType(of: upload), fieldName: upload.fieldName)
            made.append((record, upload))
        }
        try storage.store(made)
        return made.map(\.record)
    }

    /// The record with id `key`, else the newest whose original file name is `key`.
    public func record(_ key: String) throws(MediaStoreError) -> MediaRecord? {
        try storage.record(key)
    }

    /// Every record, oldest first.
    public func all() throws(MediaStoreError) -> [MediaRecord] {
        try storage.records()
    }

    /// The file's bytes in `range` (all of them for nil); `range` must lie inside the file.
    public func contents(of record: MediaRecord, range: Range<Int>? = nil) throws(MediaStoreError) -> [UInt8]
    {
        try storage.read(record.id, range: range ?? 0..<record.size)
    }

    /// Removes the file; false when there is none with that id.
    @discardableResult
    public func delete(_ id: String) throws(MediaStoreError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return try discard(id)
    }

    /// Takes `id` out of the archive; a start file or one a named snapshot holds is set aside
    /// so a reset or a restore can bring it back. Holds `lock`.
    private func discard(_ id: String) throws(MediaStoreError) -> Bool {
        guard startIDs.contains(id) || pinned.contains(id) else { return try storage.remove(id) }
        guard try storage.setAside(id) else { return false }
        setAside.insert(id)
        return true
    }

    /// The files now, for a named snapshot (`POST /_restlite/snapshots/{name}`): what
    /// `restore(snapshot:)` returns to. While the server runs, their files are set aside rather
    /// than removed when they are deleted.
    public func captureSnapshot() throws(MediaStoreError) -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        let ids = Set(try storage.records().map(\.id))
        pinned.formUnion(ids)
        return ids
    }

    /// Back to the files of a snapshot: files uploaded since go, deleted ones return. Returns
    /// how many files the archive holds afterwards.
    @discardableResult
    public func restore(snapshot ids: Set<String>) throws(MediaStoreError) -> Int {
        try returnTo(ids)
    }

    /// Back to the files there at start: uploads since are removed, deleted start files return.
    /// Returns how many files the archive holds afterwards.
    @discardableResult
    public func resetToStart() throws(MediaStoreError) -> Int {
        try returnTo(lock.withLock { startIDs })
    }

    private func returnTo(_ ids: Set<String>) throws(MediaStoreError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        for record in try storage.records() where !ids.contains(record.id) { _ = try discard(record.id) }
        for id in ids where setAside.contains(id) {
            if try storage.bringBack(id) { setAside.remove(id) }
        }
        return try storage.records().count
    }

    /// Copies every file and its metadata (`<id>` and `<id>.json`) into `target` (made if
    /// needed; files already there are replaced), so that folder can serve as another data
    /// folder's `media/`. Returns how many files were copied.
    @discardableResult
    public func copyAll(to target: String) throws(MediaStoreError) -> Int {
        try MediaFiles.makeDirectory(target)
        let list = try all()
        for record in list {
            let path = target + "/" + record.id
            MediaFiles.remove(path)
            try MediaFiles.write(source(of: record), range: 0..<record.size, to: path)
            MediaFiles.remove(path + ".json")
            try MediaFiles.write(Array(record.json.serialized().utf8), to: path + ".json")
        }
        return list.count
    }

    /// Copies every file of `other` (ids, names, dates and types kept) into this archive, all
    /// or none; with `replace`, the files here go first. Returns how many files were copied.
    /// `restlite migrate` moves a data folder's `media/` into a database with it, and back.
    @discardableResult
    public func copyAll(from other: MediaStore, replace: Bool) throws(MediaStoreError) -> Int {
        let list = try other.all()
        if replace {
            for record in try all() { _ = try storage.remove(record.id) }
        }
        let present = Set(try all().map(\.id))
        let files = list.filter { !present.contains($0.id) }.map { record in
            (
                record: record,
                upload: Upload(
                    fieldName: record.fieldName, filename: record.originalName, declaredType: record.mimeType,
                    source: other.source(of: record), range: 0..<record.size)
            )
        }
        if !files.isEmpty { try storage.store(files) }
        return list.count
    }

    /// The file's bytes, read a piece at a time.
    func source(of record: MediaRecord) -> any MediaByteSource {
        StoredFileSource(storage: storage, id: record.id, count: record.size)
    }

    /// Names are stored as text (PostgreSQL's cannot hold U+0000) and shown in headers and the
    /// console: no C0 control character and no DEL.
    static func hasNoControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// The type sniffed from the first bytes, else the part's own `Content-Type` when it is
    /// printable ASCII (it is served back as a header), else the file name's extension's. The
    /// sniffed image type wins over what the client declared; a declared type is kept for
    /// anything else, and a declared image type is kept too (a thumbnail of it is refused).
    static func mimeType(of upload: Upload) throws(MediaStoreError) -> String {
        let head = upload.range.lowerBound..<min(upload.range.upperBound, upload.range.lowerBound + 16)
        if let format = ImageFormat.sniff(try upload.source.bytes(in: head)) { return format.mimeType }
        if let declared = upload.declaredType?.trimmingBlanks(), !declared.isEmpty,
            declared.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) })
        {
            return declared
        }
        let ext = upload.filename.split(separator: ".").last.map(String.init) ?? ""
        return ImageFormat(fileExtension: ext)?.mimeType ?? "application/octet-stream"
    }
}
