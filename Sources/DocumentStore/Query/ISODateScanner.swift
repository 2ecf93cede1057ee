/// Reads the ISO 8601 forms `QueryDate` accepts and answers milliseconds since the epoch.
struct ISODateScanner {
    let bytes: [UInt8]
    var index = 0

    /// True for exactly `DDDD-DD-DDTDD:DD:DD.DDDZ` (digits unchecked for range).
    static func isNormalizedShape(_ utf8: String.UTF8View) -> Bool {
        guard utf8.count == 24 else { return false }
        for (position, byte) in utf8.enumerated() {
            let expected: UInt8? =
                switch position {
                case 4, 7: UInt8(ascii: "-")
                case 10: UInt8(ascii: "T")
                case 13, 16: UInt8(ascii: ":")
                case 19: UInt8(ascii: ".")
                case 23: UInt8(ascii: "Z")
                default: nil
                }
            if let expected {
                if byte != expected { return false }
            } else if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
                return false
            }
        }
        return true
    }

    mutating func scan() -> Int64? {
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month)
        else { return nil }
        var milliseconds = CivilCalendar.days(year: year, month: month, day: day) * 86_400_000
        if index == bytes.count { return milliseconds }
        guard take("T") || take(" "), let time = timeOfDay() else { return nil }
        milliseconds += time
        guard let offset = zoneOffset(), index == bytes.count else { return nil }
        return milliseconds - offset
    }

    /// `HH:MM[:SS[.fraction]]` in milliseconds.
    private mutating func timeOfDay() -> Int64? {
        guard let hour = number(2), hour < 24, take(":"), let minute = number(2), minute < 60 else {
            return nil
        }
        var milliseconds = (hour * 60 + minute) * 60_000
        if take(":") {
            guard let second = number(2), second < 60 else { return nil }
            milliseconds += second * 1000
            if take(".") || take(",") {
                guard let fraction = fractionMilliseconds() else { return nil }
                milliseconds += fraction
            }
        }
        return milliseconds
    }

    private mutating func fractionMilliseconds() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while let digit = digitAt(index) {
            if count < 3 { value = value * 10 + digit }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    /// The zone's offset from UTC in milliseconds; 0 for `Z` or no zone.
    private mutating func zoneOffset() -> Int64? {
        if index == bytes.count || take("Z") || take("z") { return 0 }
        let sign: Int64
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(2), hours < 24 else { return nil }
        var minutes: Int64 = 0
        if index < bytes.count {
            _ = take(":")
            guard let value = number(2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 60 + minutes) * 60_000
    }

    private mutating func number(_ width: Int) -> Int64? {
        var value: Int64 = 0
        for offset in 0..<width {
            guard let digit = digitAt(index + offset) else { return nil }
            value = value * 10 + digit
        }
        index += width
        return value
    }

    private func digitAt(_ position: Int) -> Int64? {
        guard position < bytes.count, bytes[position] >= UInt8(ascii: "0"),
            bytes[position] <= UInt8(ascii: "9")
        else { return nil }
        return Int64(bytes[position] - UInt8(ascii: "0"))
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }
}
