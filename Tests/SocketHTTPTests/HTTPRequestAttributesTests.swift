import SocketHTTP
import Testing

/// What middleware attaches to a request: one value per type, replaced, removed, and never
/// mistaken for a value of another type.
@Suite struct HTTPRequestAttributesTests {
    struct Caller: Sendable, Equatable { let name: String }
    struct Session: Sendable, Equatable { let id: Int }
    final class Shared: Sendable {}

    @Test func eachTypeKeepsItsOwnValue() {
        var attributes = HTTPRequestAttributes()
        #expect(attributes[Caller.self] == nil)
        attributes[Caller.self] = Caller(name: "ann")
        attributes[Session.self] = Session(id: 7)
        attributes[String.self] = "text"
        #expect(attributes[Caller.self] == Caller(name: "ann"))
        #expect(attributes[Session.self] == Session(id: 7))
        #expect(attributes[String.self] == "text")
        #expect(attributes[Int.self] == nil)
    }

    @Test func settingAgainReplacesAndNilRemoves() {
        var attributes = HTTPRequestAttributes()
        attributes[Caller.self] = Caller(name: "ann")
        attributes[Caller.self] = Caller(name: "bob")
        #expect(attributes[Caller.self] == Caller(name: "bob"))
        attributes[Caller.self] = nil
        #expect(attributes[Caller.self] == nil)
        attributes[Caller.self] = nil
        attributes[Session.self] = Session(id: 1)
        #expect(attributes[Session.self] == Session(id: 1))
    }

    @Test func aCopyIsIndependent() {
        var first = HTTPRequestAttributes()
        first[Caller.self] = Caller(name: "ann")
        var second = first
        second[Caller.self] = Caller(name: "bob")
        let object = Shared()
        second[Shared.self] = object
        #expect(first[Caller.self] == Caller(name: "ann"))
        #expect(first[Shared.self] == nil)
        #expect(second[Shared.self] === object)
    }

    @Test func removingTheFirstKeepsTheOthersAndEachCanBeRemoved() {
        var attributes = HTTPRequestAttributes()
        attributes[Caller.self] = Caller(name: "ann")
        attributes[Session.self] = Session(id: 7)
        attributes[String.self] = "text"
        attributes[Caller.self] = nil
        #expect(attributes[Caller.self] == nil)
        #expect(attributes[Session.self] == Session(id: 7))
        #expect(attributes[String.self] == "text")
        attributes[String.self] = nil
        #expect(attributes[String.self] == nil)
        #expect(attributes[Session.self] == Session(id: 7))
        attributes[Caller.self] = Caller(name: "bob")
        attributes[Session.self] = nil
        #expect(attributes[Session.self] == nil)
        #expect(attributes[Caller.self] == Caller(name: "bob"))
    }

    @Test func headerAndQueryCountsAreCaseRulesOfEach() {
        let request = HTTPRequest(
            method: .get, target: "/rest/a?apikey=1&APIKEY=2&apikey=3",
            headers: ["X-ApiKey": "a", "x-apikey": "b", "Host": "h"])
        #expect(request.headers.count(of: "x-apikey") == 2)
        #expect(request.headers.count(of: "origin") == 0)
        #expect(request.queryCount("apikey") == 2)  // query names are exact, as restdb's are
    }
}
