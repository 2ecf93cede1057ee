import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Byte counts as people write them: `1048576`, `512KiB`, `16MiB`, `2MB`, `1GiB` (KB, MB, GB
/// are powers of 1000; KiB, MiB, GiB of 1024; case and a space before the unit do not matter).
public enum ByteSize {
    private static let units: [(suffix: String, factor: Int)] = [
        ("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30),
        ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000), ("b", 1),
    ]

    /// The number of bytes `text` stands for; throws `ServeError.invalidSetting` otherwise.
    public static func parse(_ text: String, setting: String = "max body") throws -> Int {
        let lowered = text.trimmingBlanks().lowercased()
        let unit = units.first { lowered.hasSuffix($0.suffix) }
        let digits = String(lowered.dropLast(unit?.suffix.count ?? 0)).trimmingBlanks()
        guard let number = Int(digits), number > 0 else { throw invalid(text, setting) }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit?.factor ?? 1)
        guard !overflow else { throw invalid(text, setting) }
        return bytes
    }

    private static func invalid(_ text: String, _ setting: String) -> ServeError {
        .invalidSetting("\(setting) '\(text)' is not a positive size such as 1048576, 512KiB, 16MiB or 2MB")
    }
}
