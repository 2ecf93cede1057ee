/// Recognises the ISO 8601 forms an import treats as dates: a calendar date `2019-10-21`, or a
/// date and time with seconds, optional fraction and a zone: `2008-11-14T09:53:37Z`,
/// `2008-11-14T09:53:37.5+02:00`. Text without a zone is not a date (its instant is unknown).
public enum ISODateRecognizer {
    public static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, isCalendarDate(bytes) else { return false }
        if bytes.count == 10 { return true }
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            isTime(bytes, at: 11)
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index == digitsStart { return false }
        }
        return isZone(bytes[index...])
    }

    private static func isCalendarDate(_ bytes: [UInt8]) -> Bool {
        guard digits(bytes, 0..<4), bytes[4] == UInt8(ascii: "-"), digits(bytes, 5..<7),
            bytes[7] == UInt8(ascii: "-"), digits(bytes, 8..<10)
        else { return false }
        let month = number(bytes, 5..<7)
        let day = number(bytes, 8..<10)
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isTime(_ bytes: [UInt8], at start: Int) -> Bool {
        guard digits(bytes, start..<start + 2), bytes[start + 2] == UInt8(ascii: ":"),
            digits(bytes, start + 3..<start + 5), bytes[start + 5] == UInt8(ascii: ":"),
            digits(bytes, start + 6..<start + 8)
        else { return false }
        return number(bytes, start..<start + 2) < 24 && number(bytes, start + 3..<start + 5) < 60
            && number(bytes, start + 6..<start + 8) < 61
    }

    private static func isZone(_ zone: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(zone)
        if bytes == [UInt8(ascii: "Z")] { return true }
        guard bytes.count == 6 || bytes.count == 5,
            bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-")
        else { return false }
        if bytes.count == 6 {
            return digits(bytes, 1..<3) && bytes[3] == UInt8(ascii: ":") && digits(bytes, 4..<6)
        }
        return digits(bytes, 1..<5)
    }

    private static func digits(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        range.upperBound <= bytes.count && bytes[range].allSatisfy(isDigit)
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
