import Foundation
import RestLiteTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `restlite` executable. It is found, in order: at `$RESTLITE_BINARY`; next to
/// the test bundle (SwiftPM puts `restlite` and `restlitePackageTests.xctest` in the same
/// `.build/<config>` folder, and `swift build --build-tests` builds both); in this package's
/// `.build/debug`.
struct RestliteBinary {
    let url: URL

    init() throws {
        let candidates = Self.candidates()
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "restlite binary not found; run `swift build` first. Looked in "
                        + candidates.map(\.path).joined(separator: ", ")
                ])
        }
        url = found
    }

    /// Another executable run the same way (such as `setpriv` in front of `restlite`).
    init(url: URL) {
        self.url = url
    }

    private static func candidates() -> [URL] {
        var urls: [URL] = []
        if let path = ProcessInfo.processInfo.environment["RESTLITE_BINARY"] {
            urls.append(URL(fileURLWithPath: path))
        }
        var bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while bundle.pathComponents.count > 1, bundle.pathExtension != "xctest" {
            bundle.deleteLastPathComponent()
        }
        urls.append(bundle.deletingLastPathComponent().appendingPathComponent("restlite"))
        urls.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("restlite"))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        urls.append(package.appendingPathComponent(".build/debug/restlite"))
        return urls
    }

    /// The environment without `RESTLITE_*` variables, so a developer's settings do not change
    /// what a test sees.
    static func cleanEnvironment() -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RESTLITE_") }
    }

    /// Runs `restlite arguments` in `directory` (stdin empty, not a terminal) and returns its
    /// exit status and output. Output goes through files, so no pipe can fill up and stall it.
    /// A run longer than `timeout` is killed (by its PID) and reported as an error.
    func run(_ arguments: [String], in directory: URL, timeout: Duration = .seconds(120)) throws -> (
        status: Int32, stdout: Data, stderr: String
    ) {
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.environment = Self.cleanEnvironment()
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try ChildProcessLaunch.serialized { try process.run() }
        let limit = DispatchTime.now() + .seconds(Int(timeout.components.seconds))
        if exited.wait(timeout: limit) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + .seconds(10))
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSLocalizedDescriptionKey: "restlite \(arguments) did not finish within \(timeout)"
                ])
        }
        let errors = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        return (process.terminationStatus, try Data(contentsOf: outURL), errors)
    }
}
