import Testing

@testable import PlatformSupport

@Suite struct DurationPartsTests {
    @Test func wholeMillisecondsRoundDown() {
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
        #expect(Duration.microseconds(2999).wholeMilliseconds == 2)
        #expect(Duration.seconds(3).wholeMilliseconds == 3000)
        #expect(Duration.nanoseconds(1).wholeMilliseconds == 0)
    }

    @Test func fractionsKeepWhatIsBelowTheUnit() {
        #expect(Duration.microseconds(2500).fractionalMilliseconds == 2.5)
        #expect(Duration.milliseconds(1250).fractionalSeconds == 1.25)
        #expect(Duration.seconds(2).fractionalSeconds == 2)
    }
}
