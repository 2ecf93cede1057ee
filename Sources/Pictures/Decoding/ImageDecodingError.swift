/// Why a picture file could not be decoded; the message names what is wrong or unsupported.
public struct ImageDecodingError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
