/// The hand-written ISO 8601 reader behind `ISODate.parse`.
struct ISODateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Milliseconds since the epoch, or nil when the text is not a whole ISO 8601 date.
    mutating func scan() -> Int64? {
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
            let day = digits(2), (1...12).contains(month),
            (1...ISODate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        let dayStart = ISODate.days(year: year, month: month, day: day) * 86_400_000
        if atEnd { return dayStart }
        guard expectOneOf("T", "t", " "), let time = scanTime(), let offset = scanZone(), atEnd else {
            return nil
        }
        return dayStart + time - offset
    }

    /// `HH:MM[:SS[.fff...]]` as milliseconds into the day.
    private mutating func scanTime() -> Int64? {
        guard let hour = digits(2), expect(":"), let minute = digits(2), hour < 24, minute < 60 else {
            return nil
        }
        var milliseconds = (hour * 60 + minute) * 60_000
        guard peek == UInt8(ascii: ":") else { return milliseconds }
        position += 1
        // 60 allows a leap second; it simply rolls into the next minute.
        guard let second = digits(2), second <= 60 else { return nil }
        milliseconds += second * 1000
        if peek == UInt8(ascii: ".") || peek == UInt8(ascii: ",") {
            position += 1
            guard let fraction = scanFraction() else { return nil }
            milliseconds += fraction
        }
        return milliseconds
    }

    /// Fractional seconds, truncated to milliseconds; at least one digit.
    private mutating func scanFraction() -> Int64? {
        var value: Int64 = 0
        var count = 0
        while let byte = peek, isDigit(byte) {
            if count < 3 { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
            count += 1
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 3) { value *= 10 }
        return value
    }

    /// The zone's offset east of UTC in milliseconds; 0 for `Z` or no zone.
    private mutating func scanZone() -> Int64? {
        guard let byte = peek else { return 0 }
        if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
            position += 1
            return 0
        }
        guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return nil }
        position += 1
        guard let hours = digits(2), hours < 24 else { return nil }
        var minutes: Int64 = 0
        if !atEnd {
            _ = expect(":")
            guard let value = digits(2), value < 60 else { return nil }
            minutes = value
        }
        let offset = (hours * 60 + minutes) * 60_000
        return byte == UInt8(ascii: "-") ? -offset : offset
    }

    private var atEnd: Bool { position >= bytes.count }
    private var peek: UInt8? { atEnd ? nil : bytes[position] }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func digits(_ count: Int) -> Int64? {
        guard position + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for _ in 0..<count {
            let byte = bytes[position]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    private mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private mutating func expectOneOf(_ characters: Unicode.Scalar...) -> Bool {
        characters.contains { expect($0) }
    }
}
