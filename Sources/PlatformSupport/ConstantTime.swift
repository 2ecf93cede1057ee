/// Comparison of secrets (API keys, session ids, CSRF tokens) whose time depends on lengths
/// only, so it does not tell how much of a guess was right.
package enum ConstantTime {
    /// Compares every byte of the longer of the two.
    package static func equals(_ left: [UInt8], _ right: String) -> Bool {
        var right = right
        return right.withUTF8 { right in
            var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
            for index in 0..<max(left.count, right.count) {
                let a = index < left.count ? left[index] : 0
                let b = index < right.count ? right[index] : 0
                difference |= a ^ b
            }
            return difference == 0
        }
    }

    package static func equals(_ left: String, _ right: String) -> Bool {
        equals(Array(left.utf8), right)
    }
}
