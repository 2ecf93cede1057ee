import DocumentJSON
import DocumentStore

/// Makes rows shaped like the course's Mockaroo export for the `a3cats` collection, from a
/// seed alone (no network): the same seed always gives the same rows and the same bytes.
///
/// ```swift
/// var generator = A3CatsGenerator(seed: 2019)
/// let row = generator.nextRow()  // {"catName":"Felis chaus","ownerName":"Fiona O'Hara",...}
/// ```
public struct A3CatsGenerator: Sendable {
    /// The fields of every row, in Mockaroo's column order.
    public static let fieldNames = [
        "catName", "ownerName", "breedId", "birthDate", "weightKg", "rating", "photoUrl",
    ]
    /// The 67 breed ids the course lists.
    public static var breedIds: [String] { A3CatsVocabulary.breedIds }
    /// The earliest and latest birth dates (2003-10-21 to 2019-10-21, UTC), in seconds since 1970.
    public static let birthDateRange: ClosedRange<Int64> =
        UTCTimestamp.seconds(
            year: 2003, month: 10, day: 21)...UTCTimestamp.seconds(year: 2019, month: 10, day: 21)

    private var random: SeededRandom

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The next row; fields in `fieldNames` order, no nulls (every Mockaroo column is 0 % blank).
    public mutating func nextRow() -> JSONObject {
        var row = JSONObject()
        row["catName"] = .string(catName())
        row["ownerName"] = .string(ownerName())
        row["breedId"] = .string(random.element(of: A3CatsVocabulary.breedIds))
        row["birthDate"] = .string(birthDate())
        row["weightKg"] = .number(weight())
        row["rating"] = .number(JSONNumber(random.int(in: 1...5)))
        row["photoUrl"] = .string(photoURL())
        return row
    }

    /// Writes `rows` rows as a JSON array the way Mockaroo exports it: `[{...},` then one
    /// object per line, `]` and a newline at the end. Streams, so any row count fits in memory.
    public static func write(rows: Int, seed: UInt64, to output: inout some ByteOutput) throws {
        var generator = A3CatsGenerator(seed: seed)
        var line: [UInt8] = []
        try output.write(Array("[".utf8))
        for index in 0..<rows {
            line.removeAll(keepingCapacity: true)
            if index > 0 { line.append(contentsOf: ",\n".utf8) }
            generator.nextRow().write(to: &line)
            try output.write(line)
        }
        try output.write(Array("]\n".utf8))
    }

    private mutating func catName() -> String {
        // Mockaroo's scientific-name data set answers "unavailable" now and then.
        if random.chance(percent: 4) { return A3CatsVocabulary.unavailableName }
        return random.element(of: A3CatsVocabulary.scientificNames)
    }

    private mutating func ownerName() -> String {
        random.element(of: A3CatsVocabulary.firstNames) + " " + random.element(of: A3CatsVocabulary.lastNames)
    }

    private mutating func birthDate() -> String {
        let range = A3CatsGenerator.birthDateRange
        let offset = random.next(below: UInt64(range.upperBound - range.lowerBound) + 1)
        return UTCTimestamp.iso8601(seconds: range.lowerBound + Int64(offset))
    }

    /// 1.50 to 5.00 in hundredths, printed as Mockaroo prints numbers: `4`, `3.1`, `2.56`.
    private mutating func weight() -> JSONNumber {
        let hundredths = random.int(in: 150...500)
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return JSONNumber(validatedText: "\(whole)") }
        if fraction % 10 == 0 { return JSONNumber(validatedText: "\(whole).\(fraction / 10)") }
        let padded = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        return JSONNumber(validatedText: "\(whole).\(padded)")
    }

    private mutating func photoURL() -> String {
        let width = random.int(in: 100...250)
        let height = random.int(in: 100...250)
        let format = random.element(of: A3CatsVocabulary.imageFormats)
        let colors = random.element(of: A3CatsVocabulary.colorPairs)
        return "http://dummyimage.com/\(width)x\(height).\(format)/\(colors)"
    }
}
