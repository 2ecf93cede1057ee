import RestLiteTesting
import Testing

@testable import DocumentJSON
@testable import DocumentQuery
@testable import DocumentStore

@Suite struct SchemaAndDateTests {
    @Test(arguments: [
        ("2008-11-14T09:53:37Z", "2008-11-14T09:53:37.000Z"),
        ("2008-11-14T09:53:37.5Z", "2008-11-14T09:53:37.500Z"),
        ("2008-11-14T09:53:37.123456Z", "2008-11-14T09:53:37.123Z"),
        ("2008-11-14T11:53:37+02:00", "2008-11-14T09:53:37.000Z"),
        ("2008-11-14T04:23:37-0530", "2008-11-14T09:53:37.000Z"),
        ("2015-06-01", "2015-06-01T00:00:00.000Z"),
        ("2000-02-29T23:59", "2000-02-29T23:59:00.000Z"),
        ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"),
    ])
    func isoFormsNormalise(input: String, expected: String) {
        #expect(ISODate.normalize(input) == expected)
    }

    @Test(arguments: [
        "yesterday", "2015-13-01", "2015-02-30", "2015-06-01T25:00Z", "2015-06-01T10:00Zjunk", "",
    ])
    func nonDatesAreRejected(input: String) {
        #expect(ISODate.parse(input) == nil)
    }

    @Test func datesOutsideYearsZeroToNineThousandNineHundredNinetyNineAreRejected() {
        #expect(ISODate.parse("0000-01-01T00:00:00Z") == ISODate.supportedMilliseconds.lowerBound)
        #expect(ISODate.parse("9999-12-31T23:59:59.999Z") == ISODate.supportedMilliseconds.upperBound)
        // A zone can push a four-digit date out of range in UTC.
        #expect(ISODate.parse("0000-01-01T00:00:00+01:00") == nil)
        #expect(ISODate.parse("9999-12-31T23:30:00-01:00") == nil)
    }

    @Test func formattingAndFloorDivisionNeverTrapAtTheEndsOfInt64() {
        for milliseconds in [Int64.min, Int64.min + 1, -9_223_372_036_854_775_000, Int64.max] {
            #expect(!ISODate.format(milliseconds: milliseconds).isEmpty)
            let (quotient, remainder) = ISODate.floorDivide(milliseconds, 86_400_000)
            #expect((0..<86_400_000).contains(remainder))
            #expect(
                quotient.multipliedReportingOverflow(by: 86_400_000).partialValue &+ remainder == milliseconds
            )
        }
        #expect(ISODate.floorDivide(-1, 1000) == (-1, 999))
        #expect(QueryDate(milliseconds: Int64.min).normalized.hasSuffix("Z"))
    }

    @Test func formatRoundTripsAcrossCenturies() {
        for milliseconds: Int64 in [0, 951_782_400_000, 4_102_444_800_123, -86_400_000] {
            #expect(ISODate.parse(ISODate.format(milliseconds: milliseconds)) == milliseconds)
        }
    }

    @Test func validationListsEveryFailingFieldAndNormalisesDates() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.createCollection("cats", schema: StoreFixture.catSchema)
        let bad = try StoreFixture.object(#"{"weightKg":"heavy","lives":2.5,"birthDate":"soon","indoor":1}"#)
        #expect(
            throws: StoreError.validation([
                FieldError(field: "name", message: "is required"),
                FieldError(field: "weightKg", message: "must be a number"),
                FieldError(field: "lives", message: "must be a whole number"),
                FieldError(field: "birthDate", message: "must be a date such as 2015-06-01T12:00:00.000Z"),
                FieldError(field: "indoor", message: "must be true or false"),
            ])
        ) { try fixture.store.insert(bad, into: "cats") }
        let good = try fixture.store.insert(
            try StoreFixture.object(#"{"name":"Tom","birthDate":"2015-06-01T12:00:00+02:00","extra":[1]}"#),
            into: "cats")
        #expect(good.object()["birthDate"] == "2015-06-01T10:00:00.000Z")
    }

    @Test func uniqueFieldsRejectTakenValuesButAllowOwnUpdate() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.createCollection("cats", schema: StoreFixture.catSchema)
        let first = try fixture.store.insert(["name": "A", "chip": "X1"], into: "cats")
        #expect(throws: StoreError.uniqueViolation(field: "chip", value: "X1")) {
            try fixture.store.insert(["name": "B", "chip": "X1"], into: "cats")
        }
        _ = try fixture.store.update(first.id, in: "cats", with: ["chip": "X1", "lives": 9])
    }

    @Test func schemaAcceptsAliasesAndRoundTripsThroughJSON() throws {
        let json = try JSON.parse(
            #"{"fields":{"when":"datetime","mail":"email","price":"money","n":"number"}}"#)
        let schema = try CollectionSchema(json: json)
        #expect(schema.fields.map(\.type) == [.date, .text, .floatNumber, .number])
        #expect(try CollectionSchema(json: schema.json) == schema)
        #expect(throws: StoreError.self) { try CollectionSchema(json: ["fields": ["x": "colour"]]) }
    }

    @Test func collectionsAreNamedListedAndDropped() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        #expect(throws: StoreError.invalidCollectionName("a b")) { try fixture.store.createCollection("a b") }
        _ = try fixture.store.insertMany([["a": 1], ["a": 2]], into: "a-3-cats")
        #expect(throws: StoreError.collectionNotFound("dogs", existing: ["a-3-cats"])) {
            try fixture.store.insert(["a": 1], into: "dogs", options: WriteOptions(createCollection: false))
        }
        #expect(try fixture.store.listCollections().map { "\($0.name):\($0.count)" } == ["a-3-cats:2"])
        try fixture.store.dropCollection("a-3-cats")
        #expect(fixture.store.collectionNames().isEmpty)
    }

    @Test func idsAreUniqueOrderedAndLaidOut() {
        let ids = (0..<2000).map { _ in ObjectID.generate() }
        #expect(Set(ids).count == ids.count)
        #expect(ids == ids.sorted())
        #expect(ids.allSatisfy(ObjectID.isValid))
        let now = UInt32(ISODate.nowMilliseconds() / 1000)
        #expect(abs(Int64(ObjectID.seconds(of: ids[0])!) - Int64(now)) <= 2)
        // The 5 middle bytes are fixed per process; the counter is the last 3 bytes.
        #expect(Set(ids.map { $0.dropFirst(8).prefix(10) }).count == 1)
        let id = ObjectID.format(seconds: 100, counter: 0xAB_CDEF)
        #expect(id.hasPrefix("00000064") && id.hasSuffix("abcdef"))
        #expect(ObjectID.format(seconds: 1, counter: 9) < ObjectID.format(seconds: 2, counter: 0))
        #expect(!ObjectID.isValid("5F1D7A2C9B1E4F00A1000001"))
    }

    @Test func idsKeepIncreasingWhenTheCounterWrapsWithinASecond() {
        var sequence = ObjectIDSequence(counter: 0xFF_FFFD)
        let stamps = (0..<5).map { _ in sequence.next(seconds: 100) }
        let ids = stamps.map { ObjectID.format(seconds: $0.seconds, counter: $0.counter) }
        #expect(ids == ids.sorted() && Set(ids).count == 5)
        // The wrap carried into the timestamp rather than restarting the counter below.
        #expect(stamps.map(\.seconds) == [100, 100, 101, 101, 101])
        #expect(stamps.map(\.counter) == [0xFF_FFFE, 0xFF_FFFF, 0, 1, 2])
        // The clock catching up with the carried second keeps counting on.
        #expect(sequence.next(seconds: 101) == (101, 3))
        #expect(sequence.next(seconds: 102) == (102, 4))
    }

    @Test func idsKeepIncreasingWhenTheClockStepsBack() {
        var sequence = ObjectIDSequence(counter: 0xFF_FFFF)
        let first = sequence.next(seconds: 500)
        let earlier = sequence.next(seconds: 400)
        #expect(first == (500, 0))
        #expect(earlier == (500, 1))
        #expect(
            ObjectID.format(seconds: first.seconds, counter: first.counter)
                < ObjectID.format(seconds: earlier.seconds, counter: earlier.counter))
    }
}

/// restdb's dynamic date variables inside `$date`, read at a fixed instant.
@Suite struct DynamicDateTests {
    /// 2024-03-31T15:20:00.000Z, a Sunday.
    static let now: Int64 = 1_711_898_400_000

    private func resolve(_ text: String) throws -> String? {
        try DynamicDate.$fixedNow.withValue(Self.now) {
            try DynamicDate.resolve(text, context: "test")?.normalized
        }
    }

    @Test(arguments: [
        ("$now", "2024-03-31T15:20:00.000Z"), ("$currentDate", "2024-03-31T15:20:00.000Z"),
        ("$today", "2024-03-31T00:00:00.000Z"), ("$yesterday", "2024-03-30T00:00:00.000Z"),
        ("$tomorrow", "2024-04-01T00:00:00.000Z"), ("$currentWeek", "2024-03-31T00:00:00.000Z"),
        ("$lastWeek", "2024-03-24T00:00:00.000Z"), ("$currentMonth", "2024-03-01T00:00:00.000Z"),
        ("$lastMonth", "2024-02-01T00:00:00.000Z"), ("$nextMonth", "2024-04-01T00:00:00.000Z"),
        ("$currentYear", "2024-01-01T00:00:00.000Z"), ("$nextYear", "2025-01-01T00:00:00.000Z"),
        ("$moment.subtract.30.days", "2024-03-01T15:20:00.000Z"),
        ("$now.subtract.1.months", "2024-02-29T15:20:00.000Z"),
        ("$now.add.1.year.subtract.2.hours", "2025-03-31T13:20:00.000Z"),
        ("$today.add.1.week", "2024-04-07T00:00:00.000Z"),
        ("$now.subtract.90.minutes", "2024-03-31T13:50:00.000Z"),
    ])
    func variablesAndStepsNameInstants(text: String, expected: String) throws {
        #expect(try resolve(text) == expected)
    }

    @Test func otherTextIsNoVariableAndBadStepsAreRefused() throws {
        #expect(try resolve("2020-01-01") == nil)
        #expect(try resolve("$later") == nil)
        for bad in [
            "$now.subtract", "$now.minus.1.days", "$now.add.x.days", "$now.add.1.fortnights", "$now.",
        ] {
            #expect(throws: QueryError.self, "\(bad)") { try resolve(bad) }
        }
        // In a query: a variable compares as the instant; an unknown one is a bad ISO date.
        let query = try DynamicDate.$fixedNow.withValue(Self.now) {
            try Query.parse(text: #"{"_created":{"$gt":{"$date":"$currentDate.subtract.7.days"}}}"#)
        }
        #expect(
            query.root
                == .match(
                    try FieldPath("_created"),
                    .compare(.greater, .date(QueryDate(milliseconds: Self.now - 7 * 86_400_000)))))
        #expect(throws: QueryError.self) { try Query.parse(text: #"{"d":{"$date":"$later"}}"#) }
        // The object form: a variable with offsets, or `true`.
        let objectForm = try DynamicDate.$fixedNow.withValue(Self.now) {
            try Query.parse(
                text: #"{"d":{"$gt":{"$currentDate":{"$days":-7,"$hours":1}},"$lt":{"$today":true}}}"#)
        }
        let path = try FieldPath("d")
        #expect(
            objectForm.root
                == .and([
                    .match(
                        path,
                        .compare(
                            .greater, .date(QueryDate(milliseconds: Self.now - 7 * 86_400_000 + 3_600_000)))),
                    .match(path, .compare(.less, .date(QueryDate(iso: "2024-03-31")!))),
                ]))
        for bad in [#"{"$today":false}"#, #"{"$today":{"$fortnights":1}}"#, #"{"$today":{"$days":1.5}}"#] {
            #expect(throws: QueryError.self, "\(bad)") {
                try Query.parse(text: #"{"d":{"$gt":"# + bad + "}}")
            }
        }
    }
}
