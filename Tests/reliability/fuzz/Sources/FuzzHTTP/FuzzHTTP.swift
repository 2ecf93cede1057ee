import SocketHTTP

/// Feeds the input to the HTTP request parser in two pieces (the first byte chooses where it is
/// cut, so resuming mid-line is covered) and reads every event. The parser must end each input
/// without trapping, produce a bounded number of events, and never hand on a body past its limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = HTTPLimits(maxRequestLine: 512, maxHeaderBytes: 2048, maxHeaderCount: 16, maxBodyBytes: 4096)
    var parser = HTTPRequestParser(limits: limits)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var events = 0
    for piece in [bytes[..<cut], bytes[cut...]] {
        parser.append(piece)
        while let event = parser.next() {
            events += 1
            precondition(events <= bytes.count + 2, "more events than input bytes")
            switch event {
            case .request(let request):
                precondition(request.body.count <= limits.maxBodyBytes, "a body past the limit")
                _ = request.pathSegments
                _ = request.queryItems.count
            case .failure(let error):
                precondition((400...599).contains(error.status.code), "a failure that is not an error status")
            case .expectContinue:
                break
            }
            if parser.hasFailed { break }
        }
    }
    return 0
}
