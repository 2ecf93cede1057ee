extension HTTPHeaders {
    /// Whether `name` can be a field name: one or more token characters (RFC 9110 §5.6.2), as
    /// the parser requires of every received header.
    ///
    /// ```swift
    /// HTTPHeaders.isValidName("x-apikey")  // true
    /// HTTPHeaders.isValidName("x apikey")  // false
    /// ```
    public static func isValidName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(HTTPRequestParser.isTokenByte)
    }
}
