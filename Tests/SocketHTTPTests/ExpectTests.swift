import RestLiteTesting
import Testing

/// `expectEqual` and `expect` (RestLiteTesting), the tests' cheap stand-ins for `#expect`:
/// a mismatch or a false condition is recorded at the caller with the values and the comment,
/// and a match records nothing.
@Suite struct ExpectTests {
    static func comments(of issue: Issue) -> String {
        issue.comments.map(\.rawValue).joined(separator: " ")
    }

    @Test func aMismatchIsRecordedWithBothValuesAndTheComment() {
        withKnownIssue {
            expectEqual(6 * 7, 41, "the answer")
        } matching: { issue in
            Self.comments(of: issue) == "42 is not 41: the answer"
        }
        withKnownIssue {
            expectEqual("cat" as String?, nil)
        } matching: { issue in
            Self.comments(of: issue) == #"Optional("cat") is not nil"#
        }
    }

    @Test func aFalseConditionIsRecordedWithTheComment() {
        withKnownIssue {
            expect(1 > 2, "one is more than two")
        } matching: { issue in
            Self.comments(of: issue) == "one is more than two"
        }
        withKnownIssue {
            expect([1, 2].isEmpty)
        } matching: { issue in
            Self.comments(of: issue) == "Expectation failed"
        }
    }

    @Test func theIssueIsAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expect(false)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "ExpectTests.swift"
        }
    }

    struct Refused: Error {}

    @Test func anErrorOfTheConditionIsThrownToTheTest() {
        #expect(throws: Refused.self) { try expectEqual(try Self.refuse(), 1) }
        #expect(throws: Refused.self) { try expect(try Self.refuse() == 1) }
    }

    static func refuse() throws -> Int { throw Refused() }

    @Test func aMatchAndATrueConditionRecordNothing() {
        expectEqual([1, 2], [1, 2])
        expectEqual(nil as Int?, nil)
        expect(2 > 1, "not recorded")
    }
}
