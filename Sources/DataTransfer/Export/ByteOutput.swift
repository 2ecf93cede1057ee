import DocumentStore

/// Somewhere bytes can be written in order: a file, standard output, or memory in tests.
/// Writers stream through it, so a million generated rows never sit in memory at once.
public protocol ByteOutput {
    mutating func write(_ bytes: [UInt8]) throws
}

/// Collects written bytes in memory.
///
/// ```swift
/// var output = MemoryOutput()
/// try A3CatsGenerator.write(rows: 2, seed: 1, to: &output)
/// String(decoding: output.bytes, as: UTF8.self)
/// ```
public struct MemoryOutput: ByteOutput, Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func write(_ bytes: [UInt8]) throws {
        self.bytes.append(contentsOf: bytes)
    }

    /// The collected bytes as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
