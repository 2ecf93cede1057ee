import Dispatch
import DocumentJSON
import SocketHTTP
import Testing

@testable import RestLiteAdmin

/// What the journal keeps of a request, read back from its packed form.
@Suite struct RequestJournalTests {
    @Test func anEntryGivesBackPathQueryHeadersAndBodyWithKeysMasked() throws {
        let journal = RequestJournal(capacity: 2)
        let headers: HTTPHeaders = [
            "Host": "127.0.0.1:8080", "x-apikey": "0123456789abcdef01234567", "X-Empty": "",
            "X-Note": "Grüße, 猫",
        ]
        let request = HTTPRequest(
            method: .post, target: "/rest/a3cats%20x?q=%7B%7D&apikey=secretsecret99", headers: headers,
            body: Array(#"{"name":"Tom"}"#.utf8))
        journal.record(request, status: 201, milliseconds: 1.5)
        let entry = try #require(journal.entries().first)
        #expect(entry.method == "POST")
        #expect(entry.path == "/rest/a3cats x")
        #expect(entry.query == "q=%7B%7D&apikey=****et99")
        #expect(entry.headers.map(\.name) == ["Host", "x-apikey", "X-Empty", "X-Note"])
        #expect(entry.headers.map(\.value) == ["127.0.0.1:8080", "****4567", "", "Grüße, 猫"])
        #expect(entry.body == #"{"name":"Tom"}"#)
        #expect(entry.status == 201)
    }

    @Test func theOldestEntryMakesRoomAndTheOrderHolds() {
        let journal = RequestJournal(capacity: 2)
        for path in ["/a", "/b", "/c"] {
            journal.record(HTTPRequest(method: .get, target: path), status: 200, milliseconds: 0)
        }
        #expect(journal.entries().map(\.path) == ["/b", "/c"])
        #expect(journal.entries().map(\.sequence) == [2, 3])
        #expect(journal.entries().allSatisfy { $0.headers.isEmpty && $0.query.isEmpty })
    }

    /// A record takes over the buffer of the one it evicts: a short request after a long one
    /// keeps nothing of it, and entries listed before stay as they were listed.
    @Test func aReusedBufferKeepsNothingOfTheEvictedRequestAndListedEntriesStay() throws {
        let journal = RequestJournal(capacity: 1)
        let long: HTTPHeaders = [
            "Host": "127.0.0.1", "X-Long": String(repeating: "x", count: 300), "X-Two": "2",
        ]
        journal.record(
            HTTPRequest(method: .get, target: "/rest/long/path?max=100&q=%7B%7D", headers: long), status: 200,
            milliseconds: 0)
        let listed = try #require(journal.entries().first)
        journal.record(
            HTTPRequest(method: .get, target: "/a", headers: ["Host": "h"]), status: 404, milliseconds: 0)
        let short = try #require(journal.entries().first)
        #expect(short.path == "/a" && short.query.isEmpty && short.status == 404)
        #expect(short.headers.map(\.name) == ["Host"] && short.headers.map(\.value) == ["h"])
        // Listed before the second request was recorded: its own copy of the bytes.
        #expect(listed.path == "/rest/long/path" && listed.query == "max=100&q=%7B%7D")
        #expect(listed.headers.map(\.name) == ["Host", "X-Long", "X-Two"])
        #expect(listed.headers[1].value.count == 300)
        for number in 0..<50 {  // growing and shrinking requests through the one slot
            let target = "/n/\(String(repeating: "p", count: number * 7 % 40))?i=\(number)"
            journal.record(
                HTTPRequest(method: .get, target: target, headers: ["X-N": String(number)]), status: 200,
                milliseconds: 0)
            let entry = try #require(journal.entries().first)
            #expect(entry.path == String(target.prefix { $0 != "?" }) && entry.query == "i=\(number)")
            #expect(entry.headers.map(\.value) == [String(number)])
        }
    }

    /// Recording takes no lock: concurrent requests each claim a sequence number and a slot.
    @Test func concurrentRequestsAreEachRecordedOnce() {
        let journal = RequestJournal(capacity: 1000)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for number in 0..<50 {
                journal.record(
                    HTTPRequest(method: .get, target: "/rest/t\(thread)/\(number)"), status: 200,
                    milliseconds: 0)
            }
        }
        let entries = journal.entries()
        #expect(entries.map(\.sequence) == Array(1...400))
        #expect(Set(entries.map(\.path)).count == 400)
    }

    /// When concurrent requests wrap the ring, it keeps exactly the newest `capacity` of them.
    @Test func aWrappedRingUnderConcurrencyKeepsTheNewest() {
        let journal = RequestJournal(capacity: 64)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for number in 0..<100 {
                journal.record(
                    HTTPRequest(method: .get, target: "/t\(thread)/\(number)"), status: 200, milliseconds: 0)
            }
        }
        #expect(journal.entries().map(\.sequence) == Array(737...800))
        #expect(journal.clear() == 64)
        #expect(journal.entries().isEmpty)
    }

    /// Consecutive records go to slots apart (so workers on two cores do not write one cache
    /// line), which must still cover every slot: capacities that share a factor with the step
    /// (17, 34, 18 * 17) and small ones keep exactly the newest entries, in order.
    @Test func everyCapacityKeepsTheNewestWhereverItsSlotsLie() {
        for capacity in [1, 2, 16, 17, 34, 100, 306, 1000] {
            let journal = RequestJournal(capacity: capacity)
            for number in 1...(3 * capacity + 5) {
                journal.record(
                    HTTPRequest(method: .get, target: "/n/\(number)"), status: 200, milliseconds: 0)
            }
            let newest = Array((2 * capacity + 6)...(3 * capacity + 5))
            #expect(journal.entries().map(\.sequence) == newest, "capacity \(capacity)")
            #expect(journal.entries().map(\.path) == newest.map { "/n/\($0)" }, "capacity \(capacity)")
        }
    }

    /// An entry's wall time is worked out from the monotonic clock when it is listed.
    @Test func anEntryTimeIsTheWallTimeItWasRecorded() {
        let journal = RequestJournal(capacity: 4)
        let before = ISODate.nowMilliseconds()
        journal.record(HTTPRequest(method: .get, target: "/a"), status: 200, milliseconds: 0)
        let after = ISODate.nowMilliseconds()
        let time = journal.entries().first?.time ?? 0
        #expect(time >= before - 1 && time <= after + 1)
    }
}
