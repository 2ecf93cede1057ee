import MediaArchive
import SocketHTTP

/// A request body the server wrote to a file, as the media archive reads it: a piece at a time.
struct SpooledBody: MediaByteSource {
    let file: HTTPBodyFile

    var count: Int { file.count }

    func bytes(in range: Range<Int>) throws(MediaStoreError) -> ArraySlice<UInt8> {
        do {
            return try file.read(offset: range.lowerBound, count: range.count)[...]
        } catch {
            throw .io(error.call, path: "the request body's temporary file", errno: error.errno)
        }
    }
}
