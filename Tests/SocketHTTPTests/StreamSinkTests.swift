import Foundation
import Testing

@testable import SocketHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sink's queue: the arrays `send` was given are kept as they are (a fan-out array shared
/// by many sinks is never copied into each one's queue) and leave in one `sendmsg` when the
/// socket takes them; what a full socket left behind goes out, in order, at the next flush.
@Suite struct StreamSinkTests {
    /// A connected pair of stream sockets, the sink's end non-blocking with a small send buffer.
    struct Pair {
        let sinkEnd: Int32
        let readEnd: Int32

        init() throws {
            var fds: [Int32] = [-1, -1]
            #if canImport(Glibc)
                let kind = Int32(SOCK_STREAM.rawValue)
            #else
                let kind = SOCK_STREAM
            #endif
            try #require(socketpair(AF_UNIX, kind, 0, &fds) == 0)
            sinkEnd = fds[0]
            readEnd = fds[1]
            var size: Int32 = 8192
            setsockopt(sinkEnd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(sinkEnd, F_SETFL, fcntl(sinkEnd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        }

        /// Everything readable now.
        func readAll() -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { System.read(readEnd, $0) }
                guard count > 0 else { return bytes }
                bytes.append(contentsOf: chunk[..<count])
            }
        }

        func close() {
            System.close(sinkEnd)
            System.close(readEnd)
        }
    }

    /// `count` bytes all equal to `value`.
    static func piece(_ value: UInt8, _ count: Int) -> [UInt8] { [UInt8](repeating: value, count: count) }

    @Test func piecesQueuedMeanwhileLeaveInOneWriteAndSharedOnesAreNotCopied() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let pair = try Pair()
        defer { pair.close() }
        // Held: nothing is written until the test flushes, as when the writers are busy.
        let sink = StreamSink(
            fd: pair.sinkEnd, head: Array("head\n".utf8), capacity: 1 << 20, scheduler: scheduler, held: true)
        let pieces = (0..<10).map { Self.piece(UInt8(65 + $0), 300) }
        for piece in pieces { #expect(sink.send(piece, shared: true)) }
        #expect(sink.bufferedByteCount == 5 + 3000)
        #expect(sink.sharedByteCount == 3000)
        // The ten shared arrays are held, not copied: the queue owns its head and its list.
        #expect(sink.ownedByteCount < 1000)

        #expect(sink.flush() == .done)
        #expect(sink.writeCount == 1)
        #expect(pair.readAll() == Array("head\n".utf8) + pieces.joined())
        #expect(sink.bufferedByteCount == 0 && sink.sharedByteCount == 0 && sink.ownedByteCount == 0)
    }

    @Test func whatAFullSocketLeftGoesOutInOrderAtTheNextFlush() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let pair = try Pair()
        defer { pair.close() }
        let sink = StreamSink(fd: pair.sinkEnd, head: [], capacity: 8 << 20, scheduler: scheduler, held: true)
        // More than the socket pair holds, in pieces of uneven sizes, some shared, some not.
        var expected: [UInt8] = []
        for index in 0..<200 {
            let piece = (0..<(1000 + index * 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            expected += piece
            #expect(sink.send(piece, shared: index % 3 == 0))
        }
        var received: [UInt8] = []
        var flushes = 0
        var result = sink.flush()
        #expect(result == .full(progressed: true))
        while result != .done && flushes < 10_000 {
            received += pair.readAll()
            result = sink.flush()
            flushes += 1
        }
        received += pair.readAll()
        #expect(result == .done)
        #expect(received == expected)
        #expect(sink.bufferedByteCount == 0 && sink.sharedByteCount == 0 && sink.ownedByteCount == 0)
        // A flush whose socket takes nothing says so (the scheduler then waits longer).
        let stuffing = Self.piece(1, 1 << 20)
        #expect(sink.send(stuffing))
        #expect(sink.flush() == .full(progressed: true))
        #expect(sink.flush() == .full(progressed: false))
    }
}
