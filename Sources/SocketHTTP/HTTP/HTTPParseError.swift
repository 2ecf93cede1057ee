/// Why the bytes of a request could not be accepted; the connection answers `status` and closes.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let status: HTTPStatus
    public let message: String

    public init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status.code) \(message)" }

    static func bad(_ message: String) -> HTTPParseError { HTTPParseError(.badRequest, message) }
}
