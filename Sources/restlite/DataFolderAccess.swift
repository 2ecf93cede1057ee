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
        var options = DocumentStore.Options()
        // A server sharing the file holds its write lock for milliseconds; one keeping the file
        // to itself never lets go, so there is no point waiting long.
        options.busyTimeoutMilliseconds = 1500
        do {
            let store = try DocumentStore(path: folder.databaseURL.path, options: options)
            return DataFolderAccess(folder: folder, lock: lock, store: store)
        } catch let error as SQLiteError where error.isBusy {
            throw CommandFailure(
                """
                the database in \(path) is in use by a running restlite serve, which keeps it to \
                itself. Stop the server, or start it with --share-database, and run this again.
                """)
        }
    }
}
