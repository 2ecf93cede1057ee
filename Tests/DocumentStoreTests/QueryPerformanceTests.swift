import Foundation
import Testing

@testable import DocumentStore

/// Equality on an un-indexed string field over 100,000 documents must stay interactive; the
/// `restlite_has` pre-filter is what makes it so. Prints the measured time.
@Suite struct QueryPerformanceTests {
    @Test func stringEqualityOverAHundredThousandDocumentsIsFast() throws {
        let fixture = try QueryFixture()
        try fixture.connection.transaction {
            for index in 0..<100_000 {
                let body =
                    #"{"_id":"\#(index)","catName":"cat \#(index)","rating":\#(index % 5),"#
                    + #""color":"\#(["grey", "black", "white"][index % 3])","owner":{"name":"owner \#(index % 977)"}}"#
                try fixture.connection.run(
                    "INSERT INTO \(fixture.table)(id, body, created, changed, version) VALUES (?, ?, 0, 0, 0)",
                    [.text(String(index)), .text(body)])
            }
        }
        let query = try Query.parse(text: #"{"catName":"cat 77777"}"#)
        _ = try fixture.ids(query)  // warm the page cache and the statement
        // The fastest of five runs: scheduling noise from parallel tests and other jobs only
        // ever adds time, so the minimum is the honest cost of the query.
        var seconds = Double.infinity
        var ids: [String] = []
        for _ in 0..<5 {
            let run = try timed { try fixture.ids(query) }
            ids = run.0
            seconds = min(seconds, run.1)
        }
        #expect(ids == ["77777"])
        let plain = try Query.parse(text: #"{"rating":{"$gte":4},"color":"grey"}"#)
        let (many, manySeconds) = try timed { try fixture.ids(plain) }
        #expect(many.count == 6667)
        print(
            "restlite query timing: string equality \(Int(seconds * 1000)) ms, mixed \(Int(manySeconds * 1000)) ms over 100k"
        )
        // 30 ms is the target on an idle machine; the bound leaves room for a busy CI box.
        #expect(seconds < 0.1)
    }

    private func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
