import Foundation
import Testing

@testable import RestLiteTesting

@Suite struct TemporaryPostgresSpawnTests {
    /// The tools `TemporaryPostgres` runs (and the server `pg_ctl start` leaves running for the
    /// whole test run) get standard input, output and error and nothing else of the test
    /// process: a pipe end inherited by that server would never report its end to the test
    /// that waits for it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func toolsInheritNoOtherDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let listing = try TemporaryPostgres.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "ls /proc/$$/fd"])
        let open = Set(listing.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) })
        #expect(open.isSuperset(of: [0, 1, 2]))
        #expect(!open.contains(ends[0]) && !open.contains(ends[1]), "inherited: \(open.sorted())")
        #expect(open.subtracting([0, 1, 2]).count <= 1, "inherited: \(open.sorted())")
    }
}
