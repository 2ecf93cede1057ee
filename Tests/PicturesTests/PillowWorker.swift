import Foundation
import RestLiteTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `python3` processes with Pillow imported, kept for the whole test process: every Pillow script
/// of these tests runs in one of them (`exec` with its own `sys.argv`, output and error captured)
/// instead of in a new `python3` per picture, whose start and `import PIL` cost far more than
/// the decoding. One script at a time per process, one process per core at most; each answer is
/// awaited at most a minute; each process is stopped by its PID when the test process exits (or
/// when it stops answering).
enum PillowWorker {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Reads one JSON request per line and writes one JSON answer per line. (It must not close
    /// the descriptors it inherits: Foundation learns that a child ended when the socket it
    /// hands the child closes.)
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

    /// The kept processes (`limit` at most, one per core: tests that run at once each get one)
    /// and those of them not running a script.
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var idle: [Running] = []
    nonisolated(unsafe) private static var started: [ObjectIdentifier: Running] = [:]
    nonisolated(unsafe) private static var starting = 0
    nonisolated(unsafe) private static var registeredExit = false
    static let limit = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs `code` as `python3 -c code arguments...` would, in a kept process.
    static func run(_ code: String, _ arguments: [String]) throws -> (
        status: Int32, output: String, error: String
    ) {
        let worker = try checkOut()
        do {
            let request = try JSONSerialization.data(withJSONObject: ["code": code, "args": arguments])
            try worker.input.fileHandleForWriting.write(contentsOf: request + Data("\n".utf8))
            let line = try readLine(worker)
            guard let answer = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let status = answer["status"] as? Int
            else {
                throw Failure(description: "Pillow worker answered \(String(decoding: line, as: UTF8.self))")
            }
            checkIn(worker)
            return (Int32(status), answer["out"] as? String ?? "", answer["err"] as? String ?? "")
        } catch {
            stop(worker)
            locked {
                started[ObjectIdentifier(worker)] = nil
                condition.signal()
            }
            throw error
        }
    }

    /// An idle kept process, a new one while there are fewer than `limit`, or the next to be
    /// given back.
    private static func checkOut() throws -> Running {
        condition.lock()
        while idle.isEmpty && started.count + starting >= limit { condition.wait() }
        if let worker = idle.popLast() {
            condition.unlock()
            return worker
        }
        starting += 1
        condition.unlock()
        defer {
            locked {
                starting -= 1
                condition.signal()
            }
        }
        let worker = try start()
        locked { started[ObjectIdentifier(worker)] = worker }
        return worker
    }

    /// `NSLocking.withLock` needs macOS 14 on Darwin; the package supports macOS 13.
    private static func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    private static func checkIn(_ worker: Running) {
        locked {
            idle.append(worker)
            condition.signal()
        }
    }

    private static func start() throws -> Running {
        let worker = try ChildProcessLaunch.serialized {
            let worker = Running()
            worker.process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            worker.process.arguments = ["python3", "-u", "-c", loop]
            worker.process.standardInput = worker.input
            worker.process.standardOutput = worker.output
            worker.process.standardError = FileHandle.nullDevice
            try worker.process.run()
            return worker
        }
        locked {
            guard !registeredExit else { return }
            registeredExit = true
            atexit {
                PillowWorker.locked {
                    for worker in PillowWorker.started.values where worker.process.isRunning {
                        PillowWorker.stop(worker)
                    }
                    PillowWorker.started = [:]
                    PillowWorker.idle = []
                }
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
