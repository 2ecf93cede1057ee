/// `Duration` in the units the platform calls and messages use; the one place that takes a
/// duration apart (`components` is seconds plus attoseconds).
extension Duration {
    /// Whole milliseconds, rounded down (a negative duration gives a negative count).
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Milliseconds with their fraction.
    package var fractionalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// Seconds with their fraction.
    package var fractionalSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
