/// SplitMix64: a small, fast random number generator whose sequence depends on the seed alone,
/// the same on every platform and Swift version, so whatever is drawn from a seed repeats run to
/// run (fault rules' probabilities, `--id-seed` ids, the picture catalogue, generated rows).
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// random.next()  // the same value on every run
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 from the top 53 bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
