extension StringProtocol {
    /// Trims what `CharacterSet.whitespaces` holds (tab and the space separators, category Zs)
    /// from both ends, without Foundation.
    package func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        let isBlank = { (scalar: Unicode.Scalar) in
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
