import Dispatch
import Foundation
import Testing

@testable import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SystemClock` (the wall clock, blocking pauses) and `CurrentProcess` (pid, user).
@Suite struct ProcessAndClockTests {
    @Test func theWallClockAgreesWithFoundation() {
        let foundation = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(abs(SystemClock.millisecondsSinceEpoch() - foundation) < 5000)
    }

    /// Lower bounds only: load can make a pause longer, never shorter.
    @Test func aPauseLastsAtLeastItsDuration() {
        let clock = ContinuousClock()
        let paused = clock.measure { SystemClock.sleep(milliseconds: 30) }
        #expect(paused >= .milliseconds(30))
        let long = clock.measure { SystemClock.sleep(.milliseconds(1200)) }  // past one second
        #expect(long >= .milliseconds(1200))
    }

    /// A pause of zero or less returns (a deadline already past asks for one): not a pause of
    /// centuries from a negative count read as unsigned, not a loop retrying a call the system
    /// refuses. Run on its own thread and waited for at most 30 s, which only a hang misses.
    @Test func aPauseOfZeroOrLessReturns() {
        let returned = DispatchSemaphore(value: 0)
        PosixThread.spawn(name: "zero-pause") {
            SystemClock.sleep(.zero)
            SystemClock.sleep(.milliseconds(-5))
            SystemClock.sleep(milliseconds: -1500)
            returned.signal()
        }
        #expect(returned.wait(timeout: .now() + 30) == .success)
    }

    /// A spawned thread carries its name where the system's tools look (on Linux its `comm`),
    /// cut to 15 bytes without splitting a character.
    @Test func aSpawnedThreadIsNamed() throws {
        #if os(Linux)
            final class Seen: @unchecked Sendable {
                let lock = NSLock()
                var names: [String] = []
            }
            let seen = Seen()
            let done = DispatchSemaphore(value: 0)
            for name in [
                "restlite-test-7", "http-worker-12345678", "katze-\u{00E9}\u{00E9}\u{00E9}\u{00E9}\u{00E9}",
            ] {
                PosixThread.spawn(name: name) {
                    let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
                    seen.lock.withLock { seen.names.append(comm.trimmingCharacters(in: .newlines)) }
                    done.signal()
                }
                try #require(done.wait(timeout: .now() + 30) == .success)
            }
            #expect(
                seen.names == [
                    "restlite-test-7", "http-worker-123", "katze-\u{00E9}\u{00E9}\u{00E9}\u{00E9}",
                ])
        #endif
    }

    @Test func theProcessKnowsItsIdAndUser() {
        #expect(CurrentProcess.id == getpid())
        #expect(CurrentProcess.userID == UInt32(geteuid()))
        let me = CurrentProcess.describeUser(CurrentProcess.userID)
        #expect(me.hasSuffix("(uid \(geteuid()))"), "\(me)")
        #expect(CurrentProcess.describeUser(3_999_999_999) == "uid 3999999999")
    }
}
