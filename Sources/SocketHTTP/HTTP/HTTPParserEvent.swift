/// What the parser has to say after being fed bytes.
public enum HTTPParserEvent: Sendable {
    /// The head asked for `Expect: 100-continue` and a body follows: send `100 Continue`.
    case expectContinue
    /// A complete request.
    case request(HTTPRequest)
    /// The bytes are not acceptable; answer `error.status` with `Connection: close` and close.
    case failure(HTTPParseError)
}
