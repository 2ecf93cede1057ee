/// Size limits the parser enforces; each is checked as soon as the bytes seen exceed it, so a
/// too-large body is refused from its headers, before it is read.
public struct HTTPLimits: Sendable, Equatable {
    /// Longest request line, without CRLF (414 beyond).
    public var maxRequestLine: Int
    /// Most bytes in the header section, CRLFs included (431 beyond).
    public var maxHeaderBytes: Int
    /// Most header fields (431 beyond).
    public var maxHeaderCount: Int
    /// Largest body, decoded (413 beyond).
    public var maxBodyBytes: Int

    public init(
        maxRequestLine: Int = 8192, maxHeaderBytes: Int = 65536, maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 16 * 1024 * 1024
    ) {
        self.maxRequestLine = maxRequestLine
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
