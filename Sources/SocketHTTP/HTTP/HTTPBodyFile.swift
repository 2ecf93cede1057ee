/// A request body the server wrote to disk instead of memory, for routes added with
/// `spoolingBody: true` (file uploads): an unlinked temporary file, so it is gone when the last
/// reference to it goes, and a dropped connection or a crash leaves nothing behind.
///
/// ```swift
/// router.post("/upload", spoolingBody: true) { request in
///     let size = request.bodyFile?.count ?? request.body.count
///     let first = try request.bodyFile?.read(offset: 0, count: 16)
///     ...
/// }
/// ```
///
/// `@unchecked Sendable`: only the connection's thread appends, before the request reaches a
/// handler; after that the file is only read, with positional reads.
public final class HTTPBodyFile: @unchecked Sendable {
    private let fd: Int32
    /// Bytes written so far: the whole body once the request reaches a handler.
    public private(set) var count = 0

    /// Makes an anonymous file in `directory` (it must exist and be writable).
    public init(directory: String) throws(SocketError) {
        fd = try System.makeAnonymousFile(in: directory)
    }

    deinit { System.close(fd) }

    /// Appends `bytes` at the end.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(SocketError) {
        try System.writeAll(fd, bytes, offset: count)
        count += bytes.count
    }

    /// `append`, with the error returned (for callers inside non-throwing closures).
    func appendReporting(_ bytes: UnsafeRawBufferPointer) -> SocketError? {
        do {
            try append(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Up to `count` bytes from `offset` (fewer only past the end).
    public func read(offset: Int, count: Int) throws(SocketError) -> [UInt8] {
        let wanted = max(0, min(count, self.count - offset))
        guard wanted > 0 else { return [] }
        return try System.readAll(fd, offset: offset, count: wanted)
    }
}
