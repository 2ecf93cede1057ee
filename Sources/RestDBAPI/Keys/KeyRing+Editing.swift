#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension KeyRing {
    /// Adds a key to the followed source (as `restlite keys add` does) and reloads, so the
    /// key works from the next request on. Throws `KeyEditError` for a bad scope and
    /// `KeyRingEditError` when there is no source to edit.
    public func addKey(full: Bool, methods: [String], path: String?, origins: [String], note: String?) throws
        -> APIKey
    {
        let source = try editableSource()
        let key = try KeyFile.makeKey(full: full, methods: methods, path: path, origins: origins, note: note)
        try source.add(key)
        try reload()
        return key
    }

    /// Removes a key from the source and reloads; false when the source does not hold it.
    /// Refuses to remove the last full-access key, which would lock every admin out.
    public func removeKey(_ key: String) throws -> Bool {
        let source = try editableSource()
        let fullKeys = keys.filter(\.full).map(\.key)
        if fullKeys == [key] { throw KeyRingEditError.lastFullAccessKey }
        let removed = try source.remove(key)
        try reload()
        return removed
    }

    /// Whether `key` was given on the command line (`--apikey`), not written in `keys.json`.
    public func isCommandLineKey(_ key: String) -> Bool {
        extraKeys.contains { $0.key == key }
    }

    private func editableSource() throws -> any KeySource {
        guard let source else { throw KeyRingEditError.noKeyFile }
        return source
    }
}

/// A key change the running server cannot make.
public enum KeyRingEditError: Error, Equatable {
    /// The server keeps no stored keys (in memory): its keys come from the command line.
    case noKeyFile
    /// Removing the key would leave no full-access key.
    case lastFullAccessKey
}
