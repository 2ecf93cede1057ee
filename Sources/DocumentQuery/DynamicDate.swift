import DocumentJSON

/// restdb's dynamic date variables, written where an ISO date would go in a `$date` literal:
/// `{"_created":{"$gt":{"$date":"$currentDate"}}}`.
///
/// Variables (UTC): `$now`, `$currentDate` and `$moment` are this instant; `$today` (or
/// `$currentDay`), `$yesterday`, `$tomorrow` are midnights; `$currentWeek`,
/// `$currentMonth`, `$currentYear` are the starts of the current week (Sunday, as moment.js
/// counts by default), month and year, and `$lastWeek`/`$nextWeek`, `$lastMonth`/
/// `$nextMonth`, `$lastYear`/`$nextYear` those of the one before and after. Any of them may
/// be followed by moment.js-style steps, `.subtract.<n>.<unit>` or `.add.<n>.<unit>`, units
/// `minutes`, `hours`, `days`, `weeks`, `months`, `years` (singular too):
/// `"$moment.subtract.30.days"`, `"$currentMonth.add.1.months"`. Adding months keeps the day
/// of the month, clamped to the month's last day (moment.js's rule). The same variables also
/// stand alone as an operand object with offsets: `{"$gt":{"$currentDate":{"$days":-7}}}`.
enum DynamicDate {
    /// The instant a query is read at; tests fix it, otherwise it is the system clock.
    @TaskLocal static var fixedNow: Int64?

    static let variables = [
        "$now", "$currentDate", "$moment", "$today", "$currentDay", "$yesterday", "$tomorrow", "$currentWeek",
        "$lastWeek", "$nextWeek", "$currentMonth", "$lastMonth", "$nextMonth", "$currentYear", "$lastYear",
        "$nextYear",
    ]

    /// The instant `text` names, nil when it does not start with a known variable; throws for
    /// a known variable followed by steps it cannot read.
    static func resolve(_ text: String, context: String) throws(QueryError) -> QueryDate? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first, variables.contains(name) else { return nil }
        var milliseconds = start(of: name, now: fixedNow ?? ISODate.nowMilliseconds())
        var rest = parts.dropFirst()
        while !rest.isEmpty {
            guard rest.count >= 3, let sign = ["add": 1, "subtract": -1][rest[rest.startIndex]],
                let amount = Int64(rest[rest.startIndex + 1]), amount >= 0, amount <= 1_000_000,
                let unit = Unit(rest[rest.startIndex + 2])
            else {
                throw QueryError(
                    .wrongOperand,
                    "`$date` \"\(text)\" needs steps such as .subtract.7.days or .add.1.months after"
                        + " \(name) (\(context))")
            }
            milliseconds = unit.add(Int64(sign) * amount, to: milliseconds)
            rest = rest.dropFirst(3)
        }
        guard ISODate.supportedMilliseconds.contains(milliseconds) else {
            throw QueryError(
                .wrongOperand, "`$date` \"\(text)\" falls outside years 0000 to 9999 (\(context))")
        }
        return QueryDate(milliseconds: milliseconds)
    }

    /// The object form `{"$currentDate":{"$days":-7}}` (or `{"$today":true}`): a variable
    /// as the only key, and signed whole offsets `$minutes`, `$hours`, `$days`, `$weeks`,
    /// `$months`, `$years` applied in that order. Nil when the object is not of this form.
    static func resolve(_ object: JSONObject, context: String) throws(QueryError) -> QueryDate? {
        guard object.count == 1, let member = object.first(where: { _ in true }),
            variables.contains(member.key)
        else { return nil }
        guard var date = try resolve(member.key, context: context) else { return nil }
        switch member.value {
        case .bool(true): return date
        case .object(let offsets):
            let units: [(String, Unit)] = [
                ("$minutes", .minutes), ("$hours", .hours), ("$days", .days), ("$weeks", .weeks),
                ("$months", .months), ("$years", .years),
            ]
            for key in offsets.keys where !units.contains(where: { $0.0 == key }) {
                throw QueryError(
                    .wrongOperand,
                    "`\(member.key)` takes offsets $minutes, $hours, $days, $weeks, $months, $years; got `\(key)` (\(context))"
                )
            }
            var milliseconds = date.milliseconds
            for (key, unit) in units {
                guard let offset = offsets[key] else { continue }
                guard case .number(let number) = offset, let amount = number.int64Value,
                    abs(amount) <= 1_000_000
                else {
                    throw QueryError(
                        .wrongOperand,
                        "`\(key)` of `\(member.key)` needs a whole number such as -7 (\(context))")
                }
                milliseconds = unit.add(amount, to: milliseconds)
            }
            guard ISODate.supportedMilliseconds.contains(milliseconds) else {
                throw QueryError(
                    .wrongOperand, "`\(member.key)` falls outside years 0000 to 9999 (\(context))")
            }
            date = QueryDate(milliseconds: milliseconds)
            return date
        default:
            throw QueryError(
                .wrongOperand,
                "`\(member.key)` needs true or offsets such as {\"$days\":-7}, got \(member.value.typePhrase) (\(context))"
            )
        }
    }

    private static let day: Int64 = 86_400_000

    private static func start(of name: String, now: Int64) -> Int64 {
        let today = floorDays(now) * day
        let (year, month, _) = ISODate.civil(fromDays: floorDays(now))
        // 1970-01-01 was a Thursday: days since a Sunday are (days + 4) mod 7.
        let week = today - ((floorDays(now) + 4) % 7 + 7) % 7 * day
        let monthStart = ISODate.days(year: year, month: month, day: 1) * day
        let yearStart = ISODate.days(year: year, month: 1, day: 1) * day
        switch name {
        case "$today", "$currentDay": return today
        case "$yesterday": return today - day
        case "$tomorrow": return today + day
        case "$currentWeek": return week
        case "$lastWeek": return week - 7 * day
        case "$nextWeek": return week + 7 * day
        case "$currentMonth": return monthStart
        case "$lastMonth": return Unit.months.add(-1, to: monthStart)
        case "$nextMonth": return Unit.months.add(1, to: monthStart)
        case "$currentYear": return yearStart
        case "$lastYear": return Unit.years.add(-1, to: yearStart)
        case "$nextYear": return Unit.years.add(1, to: yearStart)
        default: return now
        }
    }

    private static func floorDays(_ milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / day : -((-milliseconds + day - 1) / day)
    }

    enum Unit {
        case minutes, hours, days, weeks, months, years

        init?(_ text: String) {
            switch text {
            case "minute", "minutes": self = .minutes
            case "hour", "hours": self = .hours
            case "day", "days": self = .days
            case "week", "weeks": self = .weeks
            case "month", "months": self = .months
            case "year", "years": self = .years
            default: return nil
            }
        }

        func add(_ amount: Int64, to milliseconds: Int64) -> Int64 {
            switch self {
            case .minutes: return milliseconds + amount * 60_000
            case .hours: return milliseconds + amount * 3_600_000
            case .days: return milliseconds + amount * DynamicDate.day
            case .weeks: return milliseconds + amount * 7 * DynamicDate.day
            case .months, .years:
                let days = DynamicDate.floorDays(milliseconds)
                let inDay = milliseconds - days * DynamicDate.day
                let (year, month, dayOfMonth) = ISODate.civil(fromDays: days)
                let total = year * 12 + (month - 1) + (self == .months ? amount : amount * 12)
                let (newYear, newMonth) = (
                    total >= 0 ? total / 12 : (total - 11) / 12, (total % 12 + 12) % 12 + 1
                )
                let clamped = min(dayOfMonth, ISODate.daysInMonth(year: newYear, month: newMonth))
                return ISODate.days(year: newYear, month: newMonth, day: clamped) * DynamicDate.day + inDay
            }
        }
    }
}
