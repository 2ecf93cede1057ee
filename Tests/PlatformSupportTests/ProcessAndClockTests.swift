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

    @Test func theProcessKnowsItsIdAndUser() {
        #expect(CurrentProcess.id == getpid())
        #expect(CurrentProcess.userID == UInt32(geteuid()))
        let me = CurrentProcess.describeUser(CurrentProcess.userID)
        #expect(me.hasSuffix("(uid \(geteuid()))"), "\(me)")
        #expect(CurrentProcess.describeUser(3_999_999_999) == "uid 3999999999")
    }
}
