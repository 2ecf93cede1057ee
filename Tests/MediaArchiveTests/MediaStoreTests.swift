import DocumentJSON
import DocumentStore
import Foundation
import Pictures
import Testing

@testable import MediaArchive

/// The archive on disk and in memory: all-or-nothing uploads, reload, delete, reset to start.
@Suite struct MediaStoreTests {
    static func temporaryFolder() -> String {
        NSTemporaryDirectory() + "media-tests-\(UUID().uuidString)"
    }

    static func upload(_ name: String, _ text: String, type: String? = nil) -> MediaStore.Upload {
        .init(fieldName: "file", filename: name, declaredType: type, bytes: Array(text.utf8)[...])
    }

    @Test func storesFilesUnderGeneratedIdsAndReloadsThem() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try MediaStore(directory: folder)
        let records = try store.add([
            Self.upload("../../etc/passwd", "one"), Self.upload("b.txt", "two", type: "text/plain"),
        ])
        #expect(records.allSatisfy { ObjectID.isValid($0.id) })
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder))
                == Set(records.flatMap { [$0.id, $0.id + ".json"] }))
        #expect(records[0].originalName == "../../etc/passwd")
        #expect(records[1].mimeType == "text/plain")
        let reopened = try MediaStore(directory: folder)
        #expect(try reopened.all() == records)
        #expect(try reopened.contents(of: records[1]) == Array("two".utf8))
        #expect(try reopened.contents(of: records[1], range: 1..<3) == Array("wo".utf8))
        #expect(try reopened.record("b.txt") == records[1])
    }

    @Test func copyAllMakesAFolderAnotherArchiveOpens() throws {
        let folder = Self.temporaryFolder()
        let copy = Self.temporaryFolder()
        defer { [folder, copy].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let store = try MediaStore(directory: folder)
        let records = try store.add([Self.upload("a.txt", "one"), Self.upload("b.txt", "two")])
        #expect(try store.copyAll(to: copy) == 2)
        let copied = try MediaStore(directory: copy)
        #expect(try copied.all() == records)
        #expect(try copied.contents(of: records[1]) == Array("two".utf8))
    }

    @Test func aFailingSecondFileLeavesNoFirstFile() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try MediaStore(directory: folder)
        store.failingWriteIndex = 1
        #expect(throws: MediaStoreError.self) {
            try store.add([Self.upload("a", "one"), Self.upload("b", "two")])
        }
        #expect(try store.all().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func resetRemovesNewUploadsAndBringsBackDeletedStartFiles() throws {
        for folder in [Self.temporaryFolder(), nil] {
            defer { folder.map { try? FileManager.default.removeItem(atPath: $0) } }
            let first = try MediaStore(directory: folder)
            let kept = try first.add([Self.upload("kept.txt", "kept")])[0]
            let store = folder == nil ? first : try MediaStore(directory: folder)
            if folder == nil { _ = try store.resetToStart() }  // in memory: nothing was there at start
            let added = try store.add([Self.upload("new.txt", "new")])[0]
            if folder != nil {
                #expect(try store.delete(kept.id))
                #expect(try store.record(kept.id) == nil)
            }
            try store.resetToStart()
            #expect(try store.record(added.id) == nil)
            if let folder {
                #expect(try store.contents(of: #require(try store.record(kept.id))) == Array("kept".utf8))
                let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
                #expect(names == [kept.id, kept.id + ".json"])
            }
        }
    }

    @Test func leftoversOfAnInterruptedRunAreRemovedAtOpen() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in [".tmp-abc", "5f0000000000000000000000"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8))
        }
        let store = try MediaStore(directory: folder)
        #expect(try store.all().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func imageTypesAreSniffedNotBelieved() throws {
        let store = MediaStore.inMemory()
        let png = RasterImage(width: 3, height: 3).encoded(as: .png)
        let records = try store.add([
            .init(fieldName: "f", filename: "a.jpg", declaredType: "image/jpeg", bytes: png[...]),
            Self.upload("fake.png", "<html>", type: "image/png"),
        ])
        #expect(records[0].mimeType == "image/png")
        #expect(records[1].mimeType == "image/png")
        #expect(throws: ThumbnailError.self) { try store.thumbnail(of: records[1], size: .thumbnail) }
        #expect(throws: MediaStoreError.noFiles) { try store.add([]) }
    }

    @Test func anArchiveInMemoryStaysWithinItsLimit() throws {
        let store = MediaStore.inMemory()
        store.memoryLimit = 10
        _ = try store.add([Self.upload("a", "123456")])
        #expect(throws: MediaStoreError.full(limit: 10)) { try store.add([Self.upload("b", "123456")]) }
        #expect(try store.all().count == 1)
    }

    @Test func thumbnailCacheStaysWithinItsBudget() {
        let cache = ThumbnailCache(budget: 100)
        for index in 0..<10 {
            cache.put(
                "\(index)",
                .success(Thumbnail(bytes: [UInt8](repeating: 0, count: 30), mimeType: "image/png")))
        }
        #expect(cache.totalBytes <= 100)
        #expect(cache.get("9") != nil)
        #expect(cache.get("0") == nil)
    }
}
