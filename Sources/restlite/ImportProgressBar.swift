import DataTransfer
import PlatformSupport

/// Shows an import's two passes on standard error: `checking` (reading, parsing and checking
/// every row; the bar follows the bytes read) and then `storing` (the bar follows the rows). On a
/// terminal each pass is a bar redrawn in place; otherwise a plain line every 10 %. Files of
/// fewer than `threshold` rows show nothing (while checking, the row count is extrapolated from
/// the bytes read).
///
/// ```text
/// checking [##############################] 100% 100000 rows
/// storing  [#########                     ]  30% 30000/100000 rows
/// ```
final class ImportProgressBar {
    private let isTerminal: Bool
    private let threshold: Int
    private let write: (String) -> Void
    private var phase: ImportProgress.Phase?
    private var visible = false
    private var lastPercent = -1

    /// `write` receives every piece of output; by default it goes to standard error, drawn as a
    /// bar when that is a terminal.
    init(
        threshold: Int = 5000, isTerminal: Bool = FileDescriptor.standardError.isTerminal,
        write: @escaping (String) -> Void = { StandardError.write($0) }
    ) {
        self.threshold = threshold
        self.isTerminal = isTerminal
        self.write = write
    }

    func update(_ progress: ImportProgress) {
        if progress.phase != phase {
            phase = progress.phase
            visible = progress.estimatedTotalRows >= threshold
            lastPercent = -1
        }
        guard visible else { return }
        let done = progress.fraction >= 1
        // Rounded to tenths first, so 0.58 (57.99...) shows 58; only the end shows 100.
        let percent = done ? 100 : min(99, Int((progress.fraction * 1000).rounded()) / 10)
        if isTerminal {
            guard percent != lastPercent else { return }
            write("\r" + Self.bar(progress, percent: percent) + (done ? "\n" : ""))
        } else if percent / 10 != lastPercent / 10 || (done && lastPercent != 100) {
            write(Self.line(progress, percent: percent) + "\n")
        }
        lastPercent = percent
    }

    /// `storing  [#########                     ]  30% 30000/100000 rows`
    static func bar(_ progress: ImportProgress, percent: Int) -> String {
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
        let label = progress.phase == .checking ? "checking" : "storing "
        let shown = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
        return "\(label) [\(bar)] \(shown) \(rows(progress)) rows"
    }

    /// `storing: 30% (30000 of 100000 rows)`
    static func line(_ progress: ImportProgress, percent: Int) -> String {
        let rows = progress.totalRows.map { "\(progress.rows) of \($0)" } ?? "\(progress.rows)"
        return "\(progress.phase.rawValue): \(percent)% (\(rows) rows)"
    }

    private static func rows(_ progress: ImportProgress) -> String {
        progress.totalRows.map { "\(progress.rows)/\($0)" } ?? "\(progress.rows)"
    }
}
