/// Why a JSON text could not be read, and where: `line` and `column` count from 1.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    /// Byte offset from the start of the text.
    public let offset: Int
    public let line: Int
    public let column: Int

    public var description: String {
        "\(reason) at line \(line), column \(column)"
    }
}
