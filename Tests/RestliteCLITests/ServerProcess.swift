import Foundation
import RestLiteTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `restlite serve` child process started by a test. The banner is read from its stdout
/// (a pipe, read with `poll` so the wait is bounded) to learn the port and key; stderr goes to
/// a file. The test stops it by its PID (`terminate()` sends SIGTERM) and every wait has a limit.
final class ServerProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process: Process
    let banner: String
    let port: Int
    let key: String
    private let exited: DispatchSemaphore
    private let stderrURL: URL

    /// Starts `restlite serve arguments` in `directory` and waits (up to `timeout`) for its banner.
    init(binary: RestliteBinary, arguments: [String], in directory: URL, timeout: Duration = .seconds(60))
        throws
    {
        stderrURL = directory.appendingPathComponent(".serve-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let process = Process()
        self.process = process
        process.executableURL = binary.url
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = directory
        process.environment = RestliteBinary.cleanEnvironment()
        process.standardInput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        let exited = DispatchSemaphore(value: 0)
        self.exited = exited
        process.terminationHandler = { _ in exited.signal() }
        let output = try ChildProcessLaunch.serialized {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return output
        }
        do {
            banner = try Self.readBanner(output.fileHandleForReading.fileDescriptor, timeout: timeout)
            (port, key) = try Self.parse(banner)
        } catch {
            _ = Self.stop(process, exited: exited)
            throw Failure(description: "\(error); stderr: \(Self.read(stderrURL))")
        }
    }

    deinit {
        if stopped == nil, process.isRunning { _ = Self.stop(process, exited: exited) }
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// What the server wrote to stderr so far.
    var standardError: String { Self.read(stderrURL) }

    /// What the first `terminate()` returned (nil until then).
    private var stopped: Int32??

    /// Sends SIGTERM to the server's PID and waits up to `timeout` for it to exit; returns its
    /// exit status, or nil when it had to be killed. Called again (a test's own check, then its
    /// `defer`), it returns the same answer at once: the process has been waited for, so its
    /// PID is neither signalled again (it may belong to another process by then) nor waited on.
    func terminate(timeout: Duration = .seconds(20)) -> Int32? {
        if let stopped { return stopped }
        let status = Self.stop(process, exited: exited, timeout: timeout)
        stopped = .some(status)
        return status
    }

    private static func stop(_ process: Process, exited: DispatchSemaphore, timeout: Duration = .seconds(20))
        -> Int32?
    {
        kill(process.processIdentifier, SIGTERM)
        if exited.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) == .success {
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }
        kill(process.processIdentifier, SIGKILL)
        _ = exited.wait(timeout: .now() + .seconds(10))
        return nil
    }

    /// Reads until the banner's last line, or throws when the process ends or time runs out.
    private static func readBanner(_ descriptor: Int32, timeout: Duration) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: bytes, as: UTF8.self).contains("Press Ctrl-C to stop.\n") {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failure(description: "no banner within \(timeout)") }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(left.components.seconds * 1000 + 1)) > 0 else { continue }
            let count = systemRead(descriptor, &chunk)
            guard count > 0 else {
                throw Failure(
                    description: "serve ended before its banner: \(String(decoding: bytes, as: UTF8.self))")
            }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The port from `restlite listening on http://127.0.0.1:PORT` and the `api key:` line.
    private static func parse(_ banner: String) throws -> (Int, String) {
        let lines = banner.split(separator: "\n").map(String.init)
        guard let first = lines.first, first.hasPrefix("restlite listening on http://"),
            let port = first.split(separator: ":").last.flatMap({ Int($0) }),
            let keyLine = lines.first(where: { $0.hasPrefix("api key: ") })
        else { throw Failure(description: "unexpected banner: \(banner)") }
        return (port, String(keyLine.dropFirst("api key: ".count)))
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in
            #if canImport(Glibc)
                Glibc.read(descriptor, raw.baseAddress, raw.count)
            #else
                Darwin.read(descriptor, raw.baseAddress, raw.count)
            #endif
        }
    }

    private static func read(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
