import Foundation
import Testing

@testable import RestDBAPI

@Suite struct DataFolderTests {
    @Test func aSecondLockOnTheSameFolderFailsUntilTheFirstIsReleased() throws {
        let folder = DataFolder(path: NSTemporaryDirectory() + "restlite-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder.url) }
        var first: DataFolderLock? = try folder.lock()
        #expect(first != nil)
        #expect {
            try folder.lock()
        } throws: { error in
            "\(error)".contains("already using the data folder")
        }
        first = nil
        let again = try folder.lock()
        _ = again
    }

    @Test func aFolderWithoutADatabaseIsNew() throws {
        let folder = DataFolder(path: NSTemporaryDirectory() + "restlite-new-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(folder.isNew)
        try folder.create()
        try Data().write(to: folder.databaseURL)
        #expect(!folder.isNew)
    }
}
