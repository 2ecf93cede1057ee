import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `python3` with Pillow imported, kept for the whole test process: every Pillow script of
/// these tests runs in it (`exec` with its own `sys.argv`, standard output and error captured)
/// instead of in a new `python3` per picture, whose start and `import PIL` cost far more than
/// the decoding. One script at a time; each answer is awaited at most a minute; the process is
/// stopped by its PID when the test process exits (or when it stops answering).
enum PillowWorker {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Reads one JSON request per line and writes one JSON answer per line.
    private static let loop = """
        import sys, io, json, traceback, contextlib
        from PIL import Image, ImageOps
        for line in sys.stdin:
            request = json.loads(line)
            out, err, status = io.StringIO(), io.StringIO(), 0
            sys.argv = ["-c"] + request["args"]
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    exec(request["code"], {"__name__": "__main__"})
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            except BaseException:
                status = 1
                err.write(traceback.format_exc())
            sys.__stdout__.write(json.dumps({"status": status, "out": out.getvalue(), "err": err.getvalue()}) + "\\n")
            sys.__stdout__.flush()
        """

    private final class Running: @unchecked Sendable {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        var pending: [UInt8] = []
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: Running?
    nonisolated(unsafe) private static var registeredExit = false

    /// Runs `code` as `python3 -c code arguments...` would, in the kept process.
    static func run(_ code: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, error: String
    ) {
        lock.lock()
        defer { lock.unlock() }
        let worker = try running ?? start()
        do {
            let request = try JSONSerialization.data(withJSONObject: ["code": code, "args": arguments])
            try worker.input.fileHandleForWriting.write(contentsOf: request + Data("\n".utf8))
            let line = try readLine(worker)
            guard let answer = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let status = answer["status"] as? Int
            else {
                throw Failure(description: "Pillow worker answered \(String(decoding: line, as: UTF8.self))")
            }
            return (Int32(status), answer["out"] as? String ?? "", answer["err"] as? String ?? "")
        } catch {
            stop(worker)
            running = nil
            throw error
        }
    }

    private static func start() throws -> Running {
        let worker = Running()
        worker.process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        worker.process.arguments = ["python3", "-u", "-c", loop]
        worker.process.standardInput = worker.input
        worker.process.standardOutput = worker.output
        worker.process.standardError = FileHandle.nullDevice
        try worker.process.run()
        running = worker
        if !registeredExit {
            registeredExit = true
            atexit {
                PillowWorker.lock.lock()
                if let worker = PillowWorker.running { PillowWorker.stop(worker) }
                PillowWorker.running = nil
                PillowWorker.lock.unlock()
            }
        }
        return worker
    }

    /// Closes its input (the loop ends) and sends SIGTERM to its PID.
    private static func stop(_ worker: Running) {
        try? worker.input.fileHandleForWriting.close()
        if worker.process.isRunning { kill(worker.process.processIdentifier, SIGTERM) }
    }

    /// One answer line, waiting at most 60 s for each piece of it.
    private static func readLine(_ worker: Running) throws -> [UInt8] {
        let descriptor = worker.output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = worker.pending.firstIndex(of: 10) {
                let line = Array(worker.pending[..<newline])
                worker.pending.removeFirst(newline + 1)
                return line
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 60_000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw Failure(description: "Pillow worker gave no answer within 60 s") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "Pillow worker ended") }
            worker.pending += chunk[..<count]
        }
    }
}
