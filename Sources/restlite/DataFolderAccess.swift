import DocumentStore
import RestDBAPI

/// Opening a data folder's store for the data commands. Writers take the folder's lock, so an
/// import never races a running server (which answers `--url` imports instead).
struct DataFolderAccess {
    let folder: DataFolder
    let lock: DataFolderLock?
    let store: DocumentStore

    /// Opens the store in `path`, creating the folder; with `exclusive`, locks it first.
    static func open(_ path: String, exclusive: Bool) throws -> DataFolderAccess {
        let folder = DataFolder(path: path)
        try folder.create()
        let lock = exclusive ? try folder.lock() : nil
        let store = try DocumentStore(path: folder.databaseURL.path)
        return DataFolderAccess(folder: folder, lock: lock, store: store)
    }
}
