import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import ServerAssembly
import SocketHTTP
import Testing

@testable import Console

@Suite struct ConsoleSessionTests {
    @Test func signInSetsAStrictHttpOnlyCookieAndAnswersTheCSRFToken() async throws {
        let server = try await ConsoleServer()
        let answer = server.request(.post, "/_console/session", body: #"{"key":"\#(server.fullKey)"}"#)
        #expect(answer.status == .ok)
        let cookie = try #require(answer.headers["Set-Cookie"])
        #expect(
            cookie.wholeMatch(of: /restlite_session=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Strict/) != nil)
        let csrf = try answer.json()["csrf"]?.stringValue ?? ""
        #expect(csrf.count == 32)

        let current = server.request(
            .get, "/_console/session", headers: [("Cookie", String(cookie.split(separator: ";")[0]))])
        #expect(current.status == .ok)
        #expect(try current.json()["csrf"]?.stringValue == csrf)
        #expect(try current.json()["signedIn"] == .bool(true))
    }

    @Test func scopedAndUnknownKeysCannotSignIn() async throws {
        let server = try await ConsoleServer()
        let added = server.request(
            .post, "/_restlite/keys", headers: [("x-apikey", server.fullKey)],
            body: #"{"methods":["GET"],"path":"/a3cats/**"}"#)
        let scoped = try #require(try added.json()["key"]?.stringValue)
        let refused = server.request(.post, "/_console/session", body: #"{"key":"\#(scoped)"}"#)
        #expect(refused.status == .forbidden)
        #expect(refused.headers["Set-Cookie"] == nil)
        #expect(server.request(.post, "/_console/session", body: #"{"key":"nope"}"#).status == .unauthorized)
        #expect(server.request(.post, "/_console/session", body: "not json").status == .badRequest)
        let scopedLink = try #require(server.server.console).signInLink(base: "", key: scoped)
        #expect(server.request(.get, scopedLink).status == .forbidden)
    }

    @Test func withoutACookieTheSessionIsUnauthorized() async throws {
        let server = try await ConsoleServer()
        #expect(server.request(.get, "/_console/session").status == .unauthorized)
        let forged = server.request(.get, "/_console/session", headers: [("Cookie", "restlite_session=00")])
        #expect(forged.status == .unauthorized)
    }

    @Test func signOutForgetsTheSessionAndClearsTheCookie() async throws {
        let server = try await ConsoleServer()
        let (cookie, _) = try server.signIn()
        let out = server.request(.delete, "/_console/session", headers: [("Cookie", cookie)])
        #expect(out.status == .ok)
        let cleared = try #require(out.headers["Set-Cookie"])
        #expect(cleared.hasPrefix("restlite_session=;"))
        #expect(cleared.contains("Max-Age=0"))
        #expect(
            server.request(.get, "/_console/session", headers: [("Cookie", cookie)]).status == .unauthorized)
        #expect(server.request(.get, "/rest/a3cats", headers: [("Cookie", cookie)]).status == .unauthorized)
    }

    @Test func theBannerLinkCarriesASingleUseCodeThatSignsInOnce() async throws {
        let server = try await ConsoleServer()
        let console = try #require(server.server.console)
        let link = console.signInLink(base: "", key: server.fullKey)
        #expect(link.wholeMatch(of: /\/_console\/signin\?code=[0-9a-f]{32}/) != nil)
        let answer = server.request(.get, link)
        #expect(answer.status.code == 303)
        #expect(answer.headers["Location"] == "/")
        let cookie = try #require(answer.headers["Set-Cookie"]).split(separator: ";")[0]
        #expect(
            server.request(.get, "/_console/session", headers: [("Cookie", String(cookie))]).status == .ok)
        // Used once: the same link now shows a page that says what to do, and signs nobody in.
        let again = server.request(.get, link)
        #expect(again.status == .unauthorized)
        #expect(again.headers["Set-Cookie"] == nil)
        #expect(again.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(again.bodyString.contains("This sign-in link cannot be used"))
        #expect(again.bodyString.contains("<a href=\"/\">Open the console</a>"))
        #expect(
            server.request(.get, "/_console/signin?code=0123456789abcdef0123456789abcdef").status
                == .unauthorized)
        #expect(server.request(.get, "/_console/signin").status == .unauthorized)
    }

    @Test func aLinkWithTheKeyIsRefusedWithAPageAndSignsNobodyIn() async throws {
        let server = try await ConsoleServer()
        let answer = server.request(.get, "/_console/signin?key=\(server.fullKey)")
        #expect(answer.status == .badRequest)
        #expect(answer.headers["Set-Cookie"] == nil)
        #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(answer.bodyString.contains("Sign-in links no longer carry the key"))
        #expect(!answer.bodyString.contains(server.fullKey))
    }

    @Test func aCodeExpiresAfterItsLifetimeAndAWithdrawnKeyIsRefused() async throws {
        final class Clock: @unchecked Sendable { var now = ContinuousClock.now }
        let clock = Clock()
        let sessions = ConsoleSessions(codeLifetime: .seconds(300), clock: { clock.now })
        let late = sessions.issueCode(for: "k")
        clock.now += .seconds(299)
        let onTime = sessions.issueCode(for: "k")
        #expect(sessions.redeem(code: late) == "k")
        #expect(sessions.redeem(code: late) == nil)
        clock.now += .seconds(301)
        #expect(sessions.redeem(code: onTime) == nil)

        let server = try await ConsoleServer()
        let link = try #require(server.server.console).signInLink(base: "", key: "not-a-full-key-any-more")
        let answer = server.request(.get, link)
        #expect(answer.status == .forbidden)
        #expect(answer.headers["Set-Cookie"] == nil)
        #expect(answer.bodyString.contains("does not have full access"))
    }

    @Test func theBannerPrintsAFreshCodeLinkAndNeverTheKey() async throws {
        let server = try await ConsoleServer()
        let first = server.server.banner().text
        let line = try #require(first.split(separator: "\n").first { $0.hasPrefix("console: ") })
        #expect(
            line.wholeMatch(
                of:
                    /console: http:\/\/127\.0\.0\.1:0\/_console\/signin\?code=[0-9a-f]{32} \(works once, within 5 minutes; later: http:\/\/127\.0\.0\.1:0\/ and the api key\)/
            ) != nil, "\(line)")
        #expect(!line.contains(server.fullKey))
        let second = try #require(
            server.server.banner().text.split(separator: "\n").first { $0.hasPrefix("console: ") })
        #expect(second != line)
        let off = try await ConsoleServer(console: false)
        #expect(!off.server.banner().text.contains("console:"))
    }

    @Test func theCookieOpensTheRealtimeStreamForLiveTables() async throws {
        let server = try await ConsoleServer()
        let (cookie, _) = try server.signIn()
        #expect(server.request(.get, "/realtime").status == .unauthorized)
        #expect(
            server.request(
                .get, "/realtime",
                headers: [("Cookie", "restlite_session=\(String(repeating: "0", count: 32))")]
            )
            .status == .unauthorized)
        let stream = server.request(.get, "/realtime", headers: [("Cookie", cookie)])
        #expect(stream.status == .ok)
        #expect(stream.headers["Content-Type"]?.hasPrefix("text/event-stream") == true)
    }

    /// The media page lists, uploads and deletes files with the cookie; an upload or a delete
    /// without the CSRF token is refused like any other write.
    @Test func theCookieReachesTheMediaArchiveAndItsWritesNeedTheCSRFToken() async throws {
        let server = try await ConsoleServer()
        let (cookie, csrf) = try server.signIn()
        #expect(server.request(.get, "/media").status == .unauthorized)
        #expect(server.request(.get, "/media", headers: [("Cookie", cookie)]).body == Array("[]".utf8))
        let form =
            "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\nhello\r\n--b--\r\n"
        let type = ("Content-Type", "multipart/form-data; boundary=b")
        let refused = server.request(.post, "/media", headers: [("Cookie", cookie), type], body: form)
        #expect(refused.status == .forbidden)
        let uploaded = server.request(
            .post, "/media", headers: [("Cookie", cookie), ("X-CSRF-Token", csrf), type], body: form)
        #expect(uploaded.status == .created)
        let id = try #require(try uploaded.json()["ids"]?.arrayValue?.first?.stringValue)
        #expect(server.request(.get, "/media/\(id)/meta", headers: [("Cookie", cookie)]).status == .ok)
        #expect(server.request(.delete, "/media/\(id)", headers: [("Cookie", cookie)]).status == .forbidden)
        let deleted = server.request(
            .delete, "/media/\(id)", headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)])
        #expect(deleted.status == .ok)
    }

    @Test func aCookieActsAsTheKeyForReadsButWritesNeedTheCSRFToken() async throws {
        let server = try await ConsoleServer()
        let (cookie, csrf) = try server.signIn()
        #expect(server.request(.get, "/rest/a3cats?max=1", headers: [("Cookie", cookie)]).status == .ok)
        #expect(server.request(.get, "/_restlite/keys", headers: [("Cookie", cookie)]).status == .ok)

        let body = #"{"catName":"Tom"}"#
        let noToken = server.request(.post, "/rest/a3cats", headers: [("Cookie", cookie)], body: body)
        #expect(noToken.status == .forbidden)
        #expect(try noToken.json()["message"]?.stringValue?.contains("missing or wrong CSRF token") == true)
        let wrong = server.request(
            .post, "/rest/a3cats", headers: [("Cookie", cookie), ("X-CSRF-Token", String(csrf.reversed()))],
            body: body)
        #expect(wrong.status == .forbidden)
        let crossSite = server.request(
            .post, "/rest/a3cats",
            headers: [("Cookie", cookie), ("X-CSRF-Token", csrf), ("Origin", "http://evil.example")],
            body: body)
        #expect(crossSite.status == .forbidden)
        let good = server.request(
            .post, "/rest/a3cats",
            headers: [("Cookie", cookie), ("X-CSRF-Token", csrf), ("Origin", "http://127.0.0.1:8080")],
            body: body)
        #expect(good.status == .created)
        // The same refusal before the body is read.
        let head = HTTPRequest(
            method: .post, target: "/rest/a3cats",
            headers: [("Host", "127.0.0.1:8080"), ("Cookie", cookie)].reduce(into: HTTPHeaders()) {
                $0.add($1.0, $1.1)
            })
        #expect(server.server.responder.respondBeforeBody(to: head)?.status == .forbidden)
    }

    /// The console reads a request's own key as the key check does: an `Authorization` header
    /// that is not `Bearer` names no key, so the session still stands in (before, the console
    /// counted it as a key and the key check then found none: 401); a bearer key is the
    /// request's own. A route that asks the caller for full access (a delete by query) takes
    /// the session's.
    @Test func theSessionStandsInUnlessTheRequestNamesAKeyAsTheKeyCheckReadsIt() async throws {
        let server = try await ConsoleServer()
        let (cookie, csrf) = try server.signIn()
        let basic = server.request(
            .get, "/rest/a3cats?max=1",
            headers: [("Cookie", cookie), ("Authorization", "Basic dXNlcjpwdw==")])
        #expect(basic.status == .ok)
        let bearer = server.request(
            .get, "/rest/a3cats?max=1", headers: [("Cookie", cookie), ("Authorization", "Bearer not-a-key")])
        #expect(bearer.status == .forbidden)
        _ = server.request(
            .post, "/rest/a3cats", headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)],
            body: #"{"catName":"Gone"}"#)
        let deleted = server.request(
            .delete, "/rest/a3cats/*?q=%7B%22catName%22%3A%22Gone%22%7D",
            headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)])
        #expect(deleted.status == .ok)
        #expect(try deleted.json()["result"]?.arrayValue?.count == 1)
    }

    @Test func theRequestJournalKeepsNoKeyCookieOrToken() async throws {
        let server = try await ConsoleServer()
        _ = server.request(
            .get, try #require(server.server.console).signInLink(base: "", key: server.fullKey))
        let (cookie, csrf) = try server.signIn()
        let cookieValue = String(cookie.split(separator: "=")[1])
        _ = server.request(
            .post, "/rest/a3cats", headers: [("Cookie", cookie), ("X-CSRF-Token", csrf)],
            body: #"{"catName":"J"}"#)
        let journal = server.request(.get, "/_restlite/journal", headers: [("x-apikey", server.fullKey)])
        #expect(journal.status == .ok)
        let text = journal.bodyString
        #expect(text.contains("/rest/a3cats"))
        #expect(!text.contains("_console"))
        for secret in [server.fullKey, cookieValue, csrf] { #expect(!text.contains(secret)) }
    }

    @Test func sessionsAreBoundedAndExpireWhenIdle() {
        final class Clock: @unchecked Sendable { var now = ContinuousClock.now }
        let clock = Clock()
        let sessions = ConsoleSessions(capacity: 2, idleTimeout: .seconds(60), clock: { clock.now })
        let first = sessions.open(key: "k")
        clock.now += .seconds(1)
        let second = sessions.open(key: "k")
        clock.now += .seconds(1)
        _ = sessions.open(key: "k")
        #expect(sessions.count == 2)
        #expect(sessions.session(id: first.id) == nil)
        #expect(sessions.session(id: second.id) == second)
        clock.now += .seconds(61)
        #expect(sessions.session(id: second.id) == nil)
    }
}
