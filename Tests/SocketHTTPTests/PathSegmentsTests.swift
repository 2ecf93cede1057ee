import PlatformSupport
import SocketHTTP
import Testing

/// `HTTPRequest.pathSegments`: the raw path split on `/` before decoding, empty segments
/// dropped, each segment percent-decoded, as the router, key scopes and middleware all read it.
@Suite struct PathSegmentsTests {
    private func segments(_ target: String) -> [String] {
        HTTPRequest(method: .get, target: target).pathSegments
    }

    /// What splitting the path's bytes and decoding each piece gives: the definition.
    private func expected(_ rawPath: String) -> [String] {
        rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
            PercentDecoding.decode(Substring($0), plusIsSpace: false)
        }
    }

    @Test func plainAndEmptySegments() {
        #expect(
            segments("/rest/cats/5f0c6a2b9d3e4f5a6b7c8d9e") == ["rest", "cats", "5f0c6a2b9d3e4f5a6b7c8d9e"])
        #expect(segments("/") == [])
        #expect(segments("//a///b/") == ["a", "b"])
        #expect(segments("/rest/cats?q={}") == ["rest", "cats"])
    }

    @Test func decodingHappensPerSegmentAfterTheSplit() {
        #expect(segments("/a/b%2Fc") == ["a", "b/c"])
        #expect(segments("/caf%C3%A9/x+y") == ["café", "x+y"])
        #expect(segments("/100%/a%zz/%4") == ["100%", "a%zz", "%4"])
        #expect(segments("/%FF") == ["\u{FFFD}"])
    }

    @Test func textBeyondASCIIStaysWhole() {
        #expect(segments("/köln/猫/a\u{301}") == ["köln", "猫", "a\u{301}"])
        #expect(segments("/a/\u{301}b") == ["a", "\u{301}b"])
    }

    /// Paths made of pieces that matter to the split and the decoding, against the definition.
    @Test func generatedPathsMatchTheDefinition() {
        let pieces = [
            "/", "//", "a", "%2F", "%41", "%", "%zz", "+", "é", "%C3%A9", "猫", "longer-segment-of-text",
        ]
        var generator = SplitMix64(seed: 24)
        for _ in 0..<2_000 {
            var path = "/"
            for _ in 0..<Int(generator.next() % 8) {
                path += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            #expect(segments(path) == expected(path), "\(path)")
        }
    }
}
