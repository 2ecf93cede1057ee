import Foundation
import Testing

/// docs/TESTING.md quotes `CatFlowSampleTests.swift` between its markers; the page must show
/// the code that `swift test` runs.
@Suite struct TestingDocSampleTests {
    @Test func theSampleSuiteOnThePageIsTheOneThatRuns() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(
            contentsOf: tests.appendingPathComponent("CatFlowSampleTests.swift"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("docs/TESTING.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// sample:begin\n"))
        let end = try #require(source.range(of: "// sample:end", range: begin.upperBound..<source.endIndex))
        let sample = String(source[begin.upperBound..<end.lowerBound])
        #expect(sample.count > 2_000)
        #expect(page.contains("```swift\n" + sample + "```\n"))
    }
}
