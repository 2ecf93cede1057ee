import Foundation
import Testing

@testable import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileSystem`'s `mkdir -p`, the status fields that tell a replaced file, and the temporary folder.
@Suite struct FileSystemTests {
    private func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = NSTemporaryDirectory() + "/restlite-fs-\(UInt64.random(in: 0...UInt64.max))"
        try FileSystem.makeDirectory(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    @Test func makeDirectoriesMakesEveryMissingParentAndAcceptsWhatIsThere() throws {
        try withFolder { folder in
            try FileSystem.makeDirectories(folder + "/a/b/c/")
            #expect(try FileSystem.status(folder + "/a/b/c").isDirectory)
            try FileSystem.makeDirectories(folder + "/a/b")
            try FileSystem.makeDirectories(folder)
        }
    }

    @Test func removeEmptyDirectoryLeavesAFolderThatHoldsSomething() throws {
        try withFolder { folder in
            try FileSystem.makeDirectories(folder + "/full/inner")
            #expect(!FileSystem.removeEmptyDirectory(folder + "/full"))
            #expect(try FileSystem.status(folder + "/full").isDirectory)
            #expect(FileSystem.removeEmptyDirectory(folder + "/full/inner"))
            #expect(throws: FileError.self) { try FileSystem.status(folder + "/full/inner") }
            #expect(!FileSystem.removeEmptyDirectory(folder + "/missing"))
        }
    }

    @Test func makeDirectoriesNamesTheStepThatFailed() throws {
        try withFolder { folder in
            try FileSystem.writeNewFile(Array("x".utf8), to: folder + "/file")
            let itself = #expect(throws: FileError.self) { try FileSystem.makeDirectories(folder + "/file") }
            #expect(itself?.code == ENOTDIR && itself?.path == folder + "/file")
            let below = #expect(throws: FileError.self) {
                try FileSystem.makeDirectories(folder + "/file/sub/deeper")
            }
            #expect(below?.code == ENOTDIR && below?.path == folder + "/file")
            #expect(below?.call == "mkdir")
        }
    }

    @Test func parentPathsOfAbsoluteRelativeAndTrailingSlashPaths() {
        #expect(FileSystem.parentPath(of: "/a/b/c") == "/a/b")
        #expect(FileSystem.parentPath(of: "/a/b/") == "/a")
        #expect(FileSystem.parentPath(of: "/a") == "/")
        #expect(FileSystem.parentPath(of: "/") == "/")
        #expect(FileSystem.parentPath(of: "a/b") == "a")
        #expect(FileSystem.parentPath(of: "a") == ".")
    }

    @Test func aFileRenamedIntoPlaceHasAnotherInodeAndTheStatusSaysWhoOwnsIt() throws {
        try withFolder { folder in
            let path = folder + "/keys.json"
            try FileSystem.writeNewFile(Array("[1]".utf8), to: path)
            let before = try FileSystem.status(path)
            try FileSystem.writeNewFile(Array("[2]".utf8), to: path + ".new")
            try FileSystem.rename(path + ".new", to: path)
            let after = try FileSystem.status(path)
            #expect(before.size == after.size)
            #expect(before.inode != after.inode)
            #expect(before != after)
            #expect(after.owner == CurrentProcess.userID)
            let seconds = Double(after.modifiedNanoseconds) / 1e9
            #expect(abs(seconds - after.modified) < 0.001)
            #expect(abs(seconds - Date().timeIntervalSince1970) < 600)
        }
    }

    @Test func theTemporaryDirectoryIsTMPDIROrTmp() {
        let variable = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        #expect(FileSystem.temporaryDirectory == (variable.isEmpty ? "/tmp" : variable))
    }
}
