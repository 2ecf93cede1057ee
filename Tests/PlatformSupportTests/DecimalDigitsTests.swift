import PlatformSupport
import Testing

/// Integers written as digits into a byte buffer, as text would write them.
@Suite struct DecimalDigitsTests {
    private func text(_ value: Int64, width: Int = 1) -> String {
        var out: [UInt8] = []
        DecimalDigits.append(value, width: width, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func decimalsAreWrittenAsTextWould() {
        for value: Int64 in [0, 7, 9, 10, 99, 100, 204, 1_000, 65_535, 1_234_567_890, .max, -1, -42] {
            #expect(text(value) == String(value))
        }
    }

    @Test func aWidthPadsWithZerosAndAWiderValueKeepsItsDigits() {
        #expect(text(5, width: 2) == "05")
        #expect(text(7, width: 3) == "007")
        #expect(text(2026, width: 4) == "2026")
        #expect(text(12_345, width: 4) == "12345")
        #expect(text(0, width: 3) == "000")
    }
}
