extension HTTPRequestParser {
    /// `METHOD SP request-target SP HTTP-version`, single spaces (RFC 9112 §3).
    mutating func parseRequestLine(_ line: Range<Int>) throws(HTTPParseError) {
        let bytes = buffer[line]
        guard let firstSpace = bytes.firstIndex(of: Self.space),
            let secondSpace = bytes[(firstSpace + 1)...].firstIndex(of: Self.space)
        else { throw .bad("malformed request line") }
        let methodBytes = bytes[..<firstSpace]
        let targetBytes = bytes[(firstSpace + 1)..<secondSpace]
        let versionBytes = bytes[(secondSpace + 1)...]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(Self.isTokenByte) else {
            throw .bad("malformed method")
        }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .bad("malformed request target")
        }
        head.version = try Self.parseVersion(versionBytes)
        head.method = HTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self))
        head.target = String(decoding: targetBytes, as: UTF8.self)
        guard let parts = RequestTarget(parsing: head.target) else {
            throw .bad("request target must be origin-form or absolute-form")
        }
        guard PercentDecoding.isValidEncoding(parts.rawPath) else {
            throw .bad("malformed percent-encoding in the request path")
        }
        head.parts = parts
    }

    /// `HTTP/1.0` and `HTTP/1.1` (a later 1.x is served as 1.1); another major version is 505.
    static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let text = Array(bytes)
        guard text.count == 8, text[0..<5].elementsEqual("HTTP/".utf8), text[6] == UInt8(ascii: "."),
            let major = digit(text[5]), let minor = digit(text[7])
        else { throw .bad("malformed HTTP version") }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "HTTP version not supported")
        }
        return minor == 0 ? .http1_0 : .http1_1
    }

    /// `name: value` (RFC 9110 §5). Trailer fields (`keep == false`) are checked and dropped.
    mutating func parseFieldLine(_ line: Range<Int>, keep: Bool) throws(HTTPParseError) {
        let bytes = buffer[line]
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw .bad("header line without a colon")
        }
        let nameBytes = bytes[..<colon]
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(Self.isTokenByte) else {
            throw .bad("malformed header name")
        }
        var valueBytes = bytes[(colon + 1)...]
        while let first = valueBytes.first, first == Self.space || first == Self.tab {
            valueBytes.removeFirst()
        }
        while let last = valueBytes.last, last == Self.space || last == Self.tab {
            valueBytes.removeLast()
        }
        guard valueBytes.allSatisfy(Self.isFieldValueByte) else {
            throw .bad("invalid byte in header value")
        }
        fieldCount += 1
        if fieldCount > limits.maxHeaderCount {
            throw HTTPParseError(.requestHeaderFieldsTooLarge, "too many header fields")
        }
        guard keep else { return }
        head.headers.add(
            String(decoding: nameBytes, as: UTF8.self), String(decoding: valueBytes, as: UTF8.self))
    }

    /// Decides the body framing once the head is complete (RFC 9112 §6.3); returns a step
    /// when the caller must act now (request without body, or `100 Continue`).
    mutating func finishHead() throws(HTTPParseError) -> Step? {
        let headers = head.headers
        let lengths = headers.values(for: "Content-Length")
        // Framing and size are checked first: they decide 413 and 501 over a missing Host.
        if headers.contains("Transfer-Encoding") {
            try checkTransferEncoding(headers, hasLength: !lengths.isEmpty)
            try checkHost(headers)
            state = .chunkSize
        } else if !lengths.isEmpty {
            let length = try Self.contentLength(lengths)
            if length > limits.maxBodyBytes {
                throw HTTPParseError(.payloadTooLarge, "body larger than \(limits.maxBodyBytes) bytes")
            }
            try checkHost(headers)
            guard length > 0 else { return .request(finishRequestNow()) }
            state = .fixedBody(remaining: length)
        } else {
            try checkHost(headers)
            return .request(finishRequestNow())
        }
        let expect = headers["Expect"]?.trimmingASCIIWhitespace().lowercased()
        return expect == "100-continue" && head.version == .http1_1 ? .continueNeeded : nil
    }

    /// RFC 9112 §3.2: an HTTP/1.1 request has exactly one `Host`; no request has two.
    private func checkHost(_ headers: HTTPHeaders) throws(HTTPParseError) {
        let hosts = headers.count(of: "Host")  // counted, not listed: every request comes here
        if hosts > 1 { throw .bad("more than one Host header") }
        if hosts == 0, head.version == .http1_1 { throw .bad("HTTP/1.1 request without a Host header") }
    }

    private func checkTransferEncoding(_ headers: HTTPHeaders, hasLength: Bool) throws(HTTPParseError) {
        if hasLength { throw .bad("Content-Length together with Transfer-Encoding") }
        if head.version == .http1_0 { throw .bad("Transfer-Encoding in an HTTP/1.0 request") }
        let codings = headers.tokens(for: "Transfer-Encoding")
        guard codings.last == "chunked" else { throw .bad("final transfer coding is not chunked") }
        // Chunked twice is a framing mistake of the client (RFC 9112 §6.1), not a coding
        // this server lacks.
        guard codings.filter({ $0 == "chunked" }).count == 1 else {
            throw .bad("chunked may be applied only once")
        }
        guard codings == ["chunked"] else {
            throw HTTPParseError(.notImplemented, "unsupported transfer coding")
        }
    }

    /// One decimal length; repeated identical values are tolerated (RFC 9110 §8.6).
    static func contentLength(_ values: [String]) throws(HTTPParseError) -> Int {
        // The usual case, one plain number, without splitting and trimming copies.
        if values.count == 1, let value = plainLength(values[0]) { return value }
        var result: Int?
        for element in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let text = element.trimmingASCIIWhitespace()
            guard !text.isEmpty, text.utf8.allSatisfy({ digit($0) != nil }) else {
                throw .bad("malformed Content-Length")
            }
            // Eighteen digits cannot overflow Int; anything longer is beyond any limit anyway.
            let value = text.utf8.count > 18 ? Int.max : Int(text)!
            if let result, result != value { throw .bad("conflicting Content-Length values") }
            result = value
        }
        guard let result else { throw .bad("malformed Content-Length") }
        return result
    }

    /// 1 to 18 ASCII digits and nothing else, as a number; nil otherwise.
    private static func plainLength(_ text: String) -> Int? {
        var value = 0
        var count = 0
        for byte in text.utf8 {
            guard let digit = digit(byte), count < 18 else { return nil }
            value = value * 10 + digit
            count += 1
        }
        return count > 0 ? value : nil
    }

    static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// tchar (RFC 9110 §5.6.2).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// field-vchar, SP, HTAB or obs-text; other control bytes (NUL, CR, DEL...) are refused.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
}
