import RestDBAPI
import RestDBClient

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if !canImport(Darwin)
    import RestDBClientSocketTransport
#endif

/// The `restlite serve` running on a data folder, for the data commands that work beside it
/// (`export`, `index`). A server keeps its database to itself (SQLite's `unix-excl` VFS), so
/// these commands ask it over HTTP instead of opening the file: the server recorded its URL in
/// the folder's lock file, and the key is a full-access key of the folder's `keys.json` (or the
/// first of `RESTLITE_APIKEY`, for a server started with `--apikey` only).
struct RunningServer {
    let url: String
    let client: RestDBClient

    /// The server running on `path`; nil when none is (the command then opens the database).
    static func find(dataDir path: String) throws -> RunningServer? {
        let folder = DataFolder(path: path)
        guard let url = folder.runningServerURL(), let base = URL(string: url) else { return nil }
        guard let key = try fullAccessKey(folder) else {
            throw CommandFailure(
                """
                a restlite server runs on \(path) (\(url)) and this command goes through it, but \
                \(folder.keysURL.path) has no full-access key (the server was started with --apikey); \
                run this again with RESTLITE_APIKEY=<that key>
                """)
        }
        return RunningServer(url: url, client: RestDBClient(baseURL: base, apiKey: key))
    }

    private static func fullAccessKey(_ folder: DataFolder) throws -> String? {
        let given = ProcessInfo.processInfo.environment["RESTLITE_APIKEY"]?.split(separator: ",").first
        if let given, !given.isEmpty { return String(given) }
        return try KeyFile.load(from: folder.keysURL).keys.first(where: \.full)?.key
    }

    /// The body of a 2xx answer; anything else is a `CommandFailure` with the server's message.
    func send(
        _ method: String, _ path: String, query: [(name: String, value: String)] = [], body: Data? = nil
    ) async throws -> Data {
        do {
            return try await client.sendRaw(method: method, path: path, query: query, body: body)
        } catch let error as RestDBError {
            throw CommandFailure("the server at \(url) answered: \(error.message)")
        }
    }
}

extension RunningServer {
    /// `name` as one percent-encoded path segment: RFC 3986 unreserved bytes as they are.
    static func pathSegment(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var text = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~".unicodeScalars.contains(scalar)
            {
                text.unicodeScalars.append(scalar)
            } else {
                text += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return text
    }
}
