import DocumentStore

/// How far an import has got, for a progress display. An import reports the first pass
/// (`checking`: reading, parsing and checking every row, or inferring the schema) and then the
/// second (`storing`: handing the rows to the sink in batches).
///
/// ```swift
/// let importer = Importer(options: options) { progress in
///     print(progress.phase, progress.rows, Int(progress.fraction * 100), "%")
/// }
/// ```
public struct ImportProgress: Sendable, Equatable {
    public enum Phase: String, Sendable {
        case checking, storing
    }

    public var phase: Phase
    /// Rows checked (first pass) or handed to the sink (second pass) so far.
    public var rows: Int
    /// All the file's rows: known while storing; nil while checking, which counts them.
    public var totalRows: Int?
    /// How much of the phase is done, from 0 to 1: bytes read while checking, rows while storing.
    public var fraction: Double

    public init(phase: Phase, rows: Int, totalRows: Int?, fraction: Double) {
        self.phase = phase
        self.rows = rows
        self.totalRows = totalRows
        self.fraction = fraction
    }

    /// The number of rows the whole file probably holds: exact while storing, extrapolated
    /// from the bytes read so far while checking.
    public var estimatedTotalRows: Int {
        if let totalRows { return totalRows }
        return fraction > 0 ? Int((Double(rows) / fraction).rounded()) : rows
    }
}
