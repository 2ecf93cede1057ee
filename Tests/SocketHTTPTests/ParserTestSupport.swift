import Testing

@testable import SocketHTTP

/// Feeds `bytes` whole, and again split at every position into two appends, and checks that
/// every split yields the same events as the whole: the parser is a pure function of bytes.
func parseEverywhere(_ text: String, limits: HTTPLimits = HTTPLimits()) -> [String] {
    parseEverywhere(Array(text.utf8), limits: limits)
}

func parseEverywhere(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits()) -> [String] {
    let whole = parse([bytes], limits: limits)
    for split in 1..<max(bytes.count, 1) {
        let pieces = [Array(bytes[..<split]), Array(bytes[split...])]
        let events = parse(pieces, limits: limits)
        #expect(events == whole, "split at \(split)")
        if events != whole { break }
    }
    #expect(parse(bytes.map { [$0] }, limits: limits) == whole, "byte by byte")
    return whole
}

/// Events after each piece, summarised as text, until a failure.
func parse(_ pieces: [[UInt8]], limits: HTTPLimits) -> [String] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [String] = []
    for piece in pieces {
        parser.append(piece)
        while let event = parser.next() {
            events.append(summary(event))
        }
    }
    return events
}

func summary(_ event: HTTPParserEvent) -> String {
    switch event {
    case .expectContinue:
        return "continue"
    case .failure(let error):
        return "fail \(error.status.code)"
    case .request(let request):
        let headers = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "\(request.method) \(request.path) \(request.version) [\(headers)] \(request.bodyString)"
    }
}

/// The single request in `text`, which must parse completely.
func onlyRequest(_ text: String) -> HTTPRequest? {
    var parser = HTTPRequestParser()
    parser.append(Array(text.utf8))
    guard case .request(let request) = parser.next() else { return nil }
    return request
}
