import DocumentJSON
import PlatformSupport

/// Where a store reads the time it writes into `_created` and `_changed` (and into the
/// timestamp of new ids). The default reads the system clock; a fixed or stepping clock makes
/// those fields repeat from run to run, for tests that compare whole answers.
///
/// ```swift
/// var options = DocumentStore.Options()
/// options.clock = .stepping(from: ISODate.parse("2020-01-01T00:00:00Z")!, byMilliseconds: 1000)
/// ```
public struct DocumentClock: Sendable {
    private let read: @Sendable () -> Int64

    /// A clock that answers `read()` in milliseconds since the epoch.
    public init(_ read: @escaping @Sendable () -> Int64) {
        self.read = read
    }

    /// Milliseconds since the epoch.
    public func nowMilliseconds() -> Int64 { read() }

    /// The system's real-time clock.
    public static let system = DocumentClock { ISODate.nowMilliseconds() }

    /// Always the same instant.
    public static func fixed(_ milliseconds: Int64) -> DocumentClock {
        DocumentClock { milliseconds }
    }

    /// `start` at the first read; every read after it is `step` milliseconds later than the one
    /// before.
    public static func stepping(from start: Int64, byMilliseconds step: Int64) -> DocumentClock {
        let counter = SteppingCounter(start: start, step: step)
        return DocumentClock { counter.next() }
    }

    /// Parses `2020-01-01T00:00:00Z` (fixed) or `2020-01-01T00:00:00Z+1s` (stepping; the step
    /// is a whole number followed by `ms`, `s`, `m` or `h`). Nil for anything else.
    public static func parse(_ text: String) -> DocumentClock? {
        guard let plus = text.lastIndex(of: "+"), let start = ISODate.parse(String(text[..<plus])),
            let step = parseStep(text[text.index(after: plus)...])
        else {
            return ISODate.parse(text).map { fixed($0) }
        }
        return stepping(from: start, byMilliseconds: step)
    }

    private static func parseStep(_ text: Substring) -> Int64? {
        let units: [(suffix: String, factor: Int64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
        ]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }),
            let count = Int64(text.dropLast(unit.suffix.count)), count > 0
        else { return nil }
        let (step, overflow) = count.multipliedReportingOverflow(by: unit.factor)
        return overflow ? nil : step
    }
}

/// The state of a stepping clock. `@unchecked Sendable`: `value` is only touched under `lock`.
private final class SteppingCounter: @unchecked Sendable {
    private let lock = PosixCondition()
    private var value: Int64
    private let step: Int64

    init(start: Int64, step: Int64) {
        value = start
        self.step = step
    }

    func next() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let now = value
        value &+= step
        return now
    }
}
