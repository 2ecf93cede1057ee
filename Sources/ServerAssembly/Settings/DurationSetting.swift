import RestDBAPI

/// Durations as people write them on a command line: `2s`, `500ms`, `1.5s`, `1m`, or a bare
/// number of seconds (`30`).
public enum DurationSetting {
    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000),
    ]

    /// The duration `text` stands for; throws `ServeError.invalidSetting` naming `setting`.
    public static func parse(_ text: String, setting: String) throws -> Duration {
        let lowered = text.trimmingBlanks().lowercased()
        let unit = units.first { lowered.hasSuffix($0.suffix) }
        let digits = String(lowered.dropLast(unit?.suffix.count ?? 0)).trimmingBlanks()
        guard let number = Double(digits), number.isFinite, number > 0, number < 86_400_000 else {
            throw ServeError.invalidSetting(
                "\(setting) '\(text)' is not a positive duration such as 2s, 500ms or 1m")
        }
        let milliseconds = (number * (unit?.milliseconds ?? 1000)).rounded()
        return .milliseconds(Int64(Swift.max(1, milliseconds)))
    }
}
