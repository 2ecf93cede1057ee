import DocumentStore
import PlatformSupport

/// A small deterministic random number generator (xoshiro256**, seeded through SplitMix64).
///
/// restlite writes its own rather than using the standard library's so that the same seed
/// gives the same bytes on every platform and every Swift version.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// random.int(in: 1...5)  // the same value on every run
/// ```
public struct SeededRandom: Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitMix = SplitMix64(seed: seed)
        state = (splitMix.next(), splitMix.next(), splitMix.next(), splitMix.next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniform value in `0..<bound` (bound > 0), without modulo bias.
    public mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        // Reject the few values that would make the low end more likely.
        let threshold = (0 &- bound) % bound
        while true {
            let value = next()
            if value >= threshold { return value % bound }
        }
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next(below: width))
    }

    /// A uniform element of a non-empty array.
    public mutating func element<T>(of array: [T]) -> T {
        array[Int(next(below: UInt64(array.count)))]
    }

    /// True with probability `percent` / 100.
    public mutating func chance(percent: Int) -> Bool {
        next(below: 100) < UInt64(percent)
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
