import CTestScratch
import Foundation
import RestLiteTesting
import Testing

/// The test process's scratch folder (CTestScratch): on Linux with a roomy tmpfs at `/dev/shm` and
/// no `TMPDIR` of the caller's, the process's temporary files (and the PostgreSQL cluster of the
/// tests) live in `/dev/shm/restlite-tests-<pid>`; folders of processes that ended are swept.
@Suite struct TestScratchTests {
    @Test func temporaryFilesGoToTheScratchFolderWhenThereIsOne() throws {
        guard let pointer = cts_scratch_folder() else {
            // macOS, a TMPDIR of the caller's, or no tmpfs with 2 GiB free: the system's folder.
            #expect(!NSTemporaryDirectory().contains("restlite-tests-"))
            return
        }
        let scratch = String(cString: pointer)
        #expect(scratch == "/dev/shm/restlite-tests-\(ProcessInfo.processInfo.processIdentifier)")
        #expect(ProcessInfo.processInfo.environment["TMPDIR"] == scratch)
        #expect(NSTemporaryDirectory().hasPrefix(scratch))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch, isDirectory: &isFolder) && isFolder.boolValue)
        if let cluster = try? TemporaryPostgres.shared() {
            #expect(cluster.folder.path.hasPrefix(scratch + "/restlite-pg-"))
        }
    }

    @Test func theSweepRemovesOnlyFoldersOfEndedProcesses() throws {
        let parent = NSTemporaryDirectory() + "/scratch-sweep-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // No process has a number above 2^22 (PID_MAX_LIMIT on Linux; macOS stops at 99,999).
        let ended = parent + "/restlite-tests-4194305"
        let living = parent + "/restlite-tests-\(ProcessInfo.processInfo.processIdentifier)"
        let others = [living, parent + "/restlite-tests-abc", parent + "/other-4194305"]
        try FileManager.default.createDirectory(atPath: ended + "/a/b", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: ended + "/a/b/file"))
        for folder in others {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        #expect(cts_sweep(parent) == 1)
        #expect(!FileManager.default.fileExists(atPath: ended))
        for folder in others { #expect(FileManager.default.fileExists(atPath: folder)) }
    }
}
