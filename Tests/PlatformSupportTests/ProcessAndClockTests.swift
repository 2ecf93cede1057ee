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

    @Test func aPauseLastsAtLeastItsDurationAndNothingForZero() {
        let clock = ContinuousClock()
        let paused = clock.measure { SystemClock.sleep(milliseconds: 30) }
        #expect(paused >= .milliseconds(30))
        let long = clock.measure { SystemClock.sleep(.milliseconds(1200)) }  // past one second
        #expect(long >= .milliseconds(1200))
        let none = clock.measure {
            SystemClock.sleep(.zero)
            SystemClock.sleep(.milliseconds(-5))
        }
        #expect(none < .seconds(1))
    }

    @Test func theProcessKnowsItsIdAndUser() {
        #expect(CurrentProcess.id == getpid())
        #expect(CurrentProcess.userID == UInt32(geteuid()))
        let me = CurrentProcess.describeUser(CurrentProcess.userID)
        #expect(me.hasSuffix("(uid \(geteuid()))"), "\(me)")
        #expect(CurrentProcess.describeUser(3_999_999_999) == "uid 3999999999")
    }
}
