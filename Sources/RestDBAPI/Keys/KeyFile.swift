import PlatformSupport

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

    /// Reads the file; a missing file is an empty key list, but one that is there and cannot be
    /// read (no permission, a file where the folder should be) is a `KeyFileError`.
    public static func load(from url: URL) throws -> KeyFile {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileSystem.readFile(url.path)
        } catch {
            if error.call == "open" && error.isMissing { return KeyFile() }
            throw KeyFileError(path: url.path, problem: .unreadable(errno: error.code))
        }
        let data = Data(bytes)
        do {
            return try JSONDecoder().decode(KeyFile.self, from: data)
        } catch let error as DecodingError {
            throw KeyFileError(path: url.path, problem: .invalid(KeyFileError.explain(error)))
        }
    }

    /// Writes the file (and its folder when missing); a failure is a `KeyFileError` naming the
    /// path.
    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try DataFolder(path: url.deletingLastPathComponent().path).create()
        do {
            try encoder.encode(self).write(to: url, options: .atomic)
        } catch {
            let folder = url.deletingLastPathComponent().path
            let code = FileSystem.writeAccessDenied(folder) ?? Errno.io
            throw KeyFileError(path: url.path, problem: .unwritable(errno: code))
        }
    }
}

/// `keys.json` cannot be read as a key list, or cannot be written.
public struct KeyFileError: Error, CustomStringConvertible {
    public let path: String
    public let problem: Problem

    public enum Problem: Sendable, Equatable {
        /// Opening or reading failed with this errno (EACCES: no permission).
        case unreadable(errno: Int32)
        /// The file is there but is not a key list; what is wrong with it.
        case invalid(String)
        /// Writing failed with this errno.
        case unwritable(errno: Int32)
    }

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .unreadable(let code) where code == Errno.accessDenied || code == Errno.notPermitted:
            "cannot read the key file \(path): permission denied; give the user running restlite read access "
                + "to it (such as chmod u+r \(path)), or run restlite as its owner"
        case .unreadable(let code) where code == Errno.notDirectory:
            "cannot read the key file \(path): part of that path is a file, not a folder; give --data-dir a folder"
        case .unreadable(let code):
            "cannot read the key file \(path): \(FileSystem.errnoText(code)) (errno \(code)); "
                + "check the file and its folder"
        case .invalid(let detail):
            "the key file \(path) is not a valid key list (\(detail)); fix its JSON by hand, or move it aside "
                + "and add keys again with `restlite keys add`"
        case .unwritable(let code):
            "cannot write the key file \(path): \(FileSystem.errnoText(code)) (errno \(code)); "
                + "give the user running restlite write access to its folder, or choose another with --data-dir"
        }
    }

    /// A decoding failure in words: where in the file, and what was expected there.
    static func explain(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "a bad value at \(place(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(place(context.codingPath)) should be \(type == String.self ? "a string" : "\(type)")"
        @unknown default:
            return "it does not have the shape {\"keys\": [...]}"
        }
    }
}
