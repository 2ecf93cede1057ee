/// Where a media archive keeps its files and their metadata: a data folder
/// (`FolderMediaStorage`), memory (`MemoryMediaStorage`), or a database that several restlite
/// processes share (PostgresStore's `PostgresMediaStorage`). `MediaStore` keeps the rules
/// (ids, types, limits, snapshots and reset) and calls a storage only to keep, find, read and
/// remove files; `ServerAssembly` picks the storage that goes with the documents' engine.
///
/// A file "set aside" is out of the archive (not listed, not found) but kept, so a reset or a
/// snapshot's restore can bring it back; a storage drops what is set aside when it opens.
///
/// Every method may be called from any thread at once. Failures are `MediaStoreError`s:
/// `.unavailable` while a database is unreachable (answered 503), `.io` or `.database` when the
/// storage fails.
public protocol MediaStorage: AnyObject, Sendable {
    /// The folder the files are in; nil when they are not in one.
    var directory: String? { get }
    /// Every file in the archive, oldest (smallest id) first.
    func records() throws(MediaStoreError) -> [MediaRecord]
    /// The file with id `key`, else the newest whose original name is `key`.
    func record(_ key: String) throws(MediaStoreError) -> MediaRecord?
    /// Stores the files (ids already made), all or none.
    func store(_ files: [(record: MediaRecord, upload: MediaStore.Upload)]) throws(MediaStoreError)
    /// The bytes of file `id` in `range`, which lies inside the file.
    func read(_ id: String, range: Range<Int>) throws(MediaStoreError) -> [UInt8]
    /// Removes file `id` for good; false when the archive has no such file.
    func remove(_ id: String) throws(MediaStoreError) -> Bool
    /// Takes file `id` out of the archive but keeps it for `bringBack`; false when there is none.
    func setAside(_ id: String) throws(MediaStoreError) -> Bool
    /// Puts a file set aside back; false when none with that id is set aside.
    func bringBack(_ id: String) throws(MediaStoreError) -> Bool
}

/// A stored file read a piece at a time (copies and migrations of large files).
struct StoredFileSource: MediaByteSource {
    let storage: any MediaStorage
    let id: String
    let count: Int

    func bytes(in range: Range<Int>) throws(MediaStoreError) -> ArraySlice<UInt8> {
        try storage.read(id, range: range)[...]
    }
}
