#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The keys kept in a data folder, as `keys.json`. Written whole to a temporary file and renamed,
/// so a running server never reads half a file.
public struct KeyFile: Sendable, Codable, Equatable {
    public var keys: [APIKey]

    public init(keys: [APIKey] = []) {
        self.keys = keys
    }

    public static let fileName = "keys.json"

    public static func url(inDataFolder folder: URL) -> URL {
        folder.appendingPathComponent(fileName)
    }

    /// Reads the file; a missing file is an empty key list.
    public static func load(from url: URL) throws -> KeyFile {
        guard FileManager.default.fileExists(atPath: url.path) else { return KeyFile() }
        do {
            return try JSONDecoder().decode(KeyFile.self, from: Data(contentsOf: url))
        } catch {
            throw KeyFileError(path: url.path, reason: "\(error)")
        }
    }

    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}

/// `keys.json` exists but cannot be read as a key list.
public struct KeyFileError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String {
        "cannot read the key file \(path): \(reason). Fix or delete it, then add keys with `restlite keys add`."
    }
}
