/// The records of an archive kept in this process (`FolderMediaStorage`, `MemoryMediaStorage`):
/// the files in it and the files set aside, by id. Not locked: its owner keeps it under its lock.
struct MediaCatalog {
    private(set) var files: [String: MediaRecord] = [:]
    private var trashed: [String: MediaRecord] = [:]

    /// Every file, oldest (smallest id) first.
    var sorted: [MediaRecord] { files.values.sorted { $0.id < $1.id } }

    /// The file with id `key`, else the newest whose original name is `key`.
    func record(_ key: String) -> MediaRecord? {
        if let record = files[key] { return record }
        return files.values.filter { $0.originalName == key }.max { $0.id < $1.id }
    }

    mutating func add(_ record: MediaRecord) {
        files[record.id] = record
    }

    /// Forgets file `id`; false when there is none.
    mutating func remove(_ id: String) -> Bool {
        files.removeValue(forKey: id) != nil
    }

    /// Moves file `id` to the files set aside; false when there is none.
    mutating func setAside(_ id: String) -> Bool {
        guard let record = files.removeValue(forKey: id) else { return false }
        trashed[id] = record
        return true
    }

    /// Moves file `id` back from the files set aside; false when none is set aside.
    mutating func bringBack(_ id: String) -> Bool {
        guard let record = trashed.removeValue(forKey: id) else { return false }
        files[id] = record
        return true
    }
}
