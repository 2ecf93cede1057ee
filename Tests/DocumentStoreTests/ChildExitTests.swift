import Foundation
import RestLiteTesting
import Testing

@Suite struct ChildExitTests {
    /// `sh -c script`, started, with no standard input or output.
    static func shell(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A child that leaves a grandchild running keeps Foundation's per-child socket open in
    /// that grandchild, so `Process.waitUntilExit` would wait for the grandchild (30 s here);
    /// `ChildExit.wait` asks the kernel and returns when the child itself ends, with its code.
    @Test func theChildsEndIsSeenWhileAGrandchildHoldsItsDescriptors() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("restlite-child-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("grandchild.pid")
        let process = try Self.shell("sleep 30 >/dev/null 2>&1 & echo $! > '\(pidFile.path)'; exit 7")
        let exit = ChildExit.wait(for: process, timeout: .seconds(20))
        let grandchild =
            pid_t(
                (try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(
                    in: .whitespacesAndNewlines)
                    ?? "") ?? 0
        if grandchild > 0 { kill(grandchild, SIGKILL) }
        #expect(grandchild > 0)
        #expect(exit == .exited(7))
    }

    @Test func aSignalIsReportedAsTheSignal() throws {
        let process = try Self.shell("kill -KILL $$")
        #expect(ChildExit.wait(for: process, timeout: .seconds(20)) == .signalled(SIGKILL))
    }
}
