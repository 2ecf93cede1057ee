import Foundation
import Testing

@testable import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform calls other modules used to make themselves: running a program to its end
/// (`ChildProcess`), a loopback listener, waiting for a readable descriptor, the environment.
@Suite struct ChildProcessAndListenerTests {
    private static func outputPath() -> String {
        NSTemporaryDirectory() + "/restlite-child-\(UInt64.random(in: 0...UInt64.max))"
    }

    @Test func aProgramRunsToItsEndWithItsArgumentsAndItsOutputInTheFile() throws {
        let path = Self.outputPath()
        defer { _ = FileSystem.unlink(path) }
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "echo \"$0 $1\"; echo to-error >&2; exit 3", "one", "two words"],
            outputPath: path)
        #expect(outcome == .exited(3))
        #expect(!outcome.succeeded)
        #expect(String(decoding: try FileSystem.readFile(path), as: UTF8.self) == "one two words\nto-error\n")
        #expect(try ChildProcess.run("/bin/sh", ["-c", "exit 0"], outputPath: path).succeeded)
        // The child sees this process's environment.
        let environment = try ChildProcess.run("/bin/sh", ["-c", "echo \"$PATH\""], outputPath: path)
        #expect(environment.succeeded)
        let seen = String(decoding: try FileSystem.readFile(path), as: UTF8.self)
        #expect(seen == (CurrentProcess.environment("PATH") ?? "") + "\n")
    }

    @Test func aSignalAndAMissingProgramAreTold() throws {
        let path = Self.outputPath()
        defer { _ = FileSystem.unlink(path) }
        #expect(try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"], outputPath: path) == .signaled(9))
        #expect(throws: ChildProcess.SpawnError.self) {
            _ = try ChildProcess.run("/nonexistent/restlite-tool", [], outputPath: path)
        }
    }

    @Test func theListenerAcceptsAClientAndTimesOutWithoutOne() throws {
        let listener = try LoopbackListener()
        #expect(listener.port > 0)
        // Nothing connects: a bounded wait that ends in `timedOut`.
        #expect(throws: TCPSocket.Failure.timedOut) { _ = try listener.accept(timeout: .milliseconds(20)) }
        let client = try TCPSocket(host: "127.0.0.1", port: listener.port, timeout: .seconds(5))
        let served = try listener.accept(timeout: .seconds(5))
        try client.send(Array("ping".utf8))
        var received: [UInt8] = []
        while received.count < 4, try served.receive(into: &received) {}
        #expect(received == Array("ping".utf8))
        listener.close()
        listener.close()  // a second close does nothing
        #expect(throws: TCPSocket.Failure.self) { _ = try listener.accept(timeout: .milliseconds(20)) }
    }

    @Test func aDescriptorIsReadableOnceSomethingArrives() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reader = FileDescriptor(rawValue: ends[0], path: "pipe")
        let writer = FileDescriptor(rawValue: ends[1], path: "pipe")
        defer { reader.close() }
        #expect(!reader.waitUntilReadable(milliseconds: 0))
        try writer.writeAll([1])
        #expect(reader.waitUntilReadable(milliseconds: 5000))
        writer.close()
    }

    @Test func environmentVariablesAndTheSystemAreKnown() {
        #expect(CurrentProcess.environment("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(CurrentProcess.environment("RESTLITE_NO_SUCH_VARIABLE_\(CurrentProcess.id)") == nil)
        #if os(macOS)
            #expect(OperatingSystem.current == .macOS)
        #elseif os(Linux)
            #expect(OperatingSystem.current == .linux)
        #endif
    }
}
