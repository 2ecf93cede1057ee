import Foundation
import RestLiteEmbedded
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request class that treats answers as the course's request class does (written here from
/// its documented behaviour): a 2xx body is decoded as `T`; any 3xx, 4xx or 5xx answer is turned
/// into a message string, cast to `T` with `as?` and force-unwrapped. For any `T` but `String`
/// the cast yields nil and the unwrap stops the app.
final class CourseStyleRequest: Sendable {
    let urlBase: String
    let apiKey: String

    init(urlBase: String, apiKey: String) {
        self.urlBase = urlBase
        self.apiKey = apiKey
    }

    func send<T: Decodable>(_ method: String, toUrlPath path: String, body: Data? = nil) async throws -> T {
        var request = URLRequest(url: URL(string: urlBase + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "x-apikey")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as! HTTPURLResponse).statusCode
        if (200...299).contains(status) {
            return try JSONDecoder().decode(T.self, from: data)
        }
        let kind = status >= 500 ? "An error on the server happened" : "The request caused an error"
        let results: T? = "HTTP \(status) - \(kind)" as? T
        return results!
    }
}

/// The edit screen's save, as the course app does it: PUT the changed cat, decode the answer.
struct EditedCat: Codable {
    var _id: String?
    var catName: String
    var ownerName: String
}

/// Runs the course app's edit against a fresh in-process server, with or without a 503 fault on
/// PUT installed through the admin API.
func editACatTheCourseWay(withFault: Bool) async throws {
    try await RestLite.withServer(seed: .builtIn) { server in
        let course = CourseStyleRequest(urlBase: server.baseURL.absoluteString, apiKey: server.apiKey)
        let cats: [EditedCat] = try await course.send("GET", toUrlPath: "/rest/a3cats?max=1")
        guard var cat = cats.first else { throw CocoaError(.fileReadUnknown) }
        if withFault {
            let rule = Data(#"{"method":"PUT","path":"/rest/a3cats/*","action":"status","status":503}"#.utf8)
            var install = URLRequest(url: server.baseURL.appendingPathComponent("_restlite/faults"))
            install.httpMethod = "POST"
            install.httpBody = rule
            install.setValue(server.apiKey, forHTTPHeaderField: "x-apikey")
            install.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (_, response) = try await URLSession.shared.data(for: install)
            guard (response as? HTTPURLResponse)?.statusCode == 201 else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
        cat.ownerName = "Sam"
        let saved: EditedCat = try await course.send(
            "PUT", toUrlPath: "/rest/a3cats/\(cat._id!)", body: try JSONEncoder().encode(cat))
        guard saved.ownerName == "Sam" else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// The course's request class against an injected fault: the app stops, as it would in the
/// field when the hosted service answers 503. Each run is a child process (an exit test), so the
/// crash is observed rather than taking the test run down.
@Suite struct CourseRequestCrashTests {
    @Test func theCourseRequestClassCrashesOnA503FromAnInjectedFault() async throws {
        let result = try await #require(
            processExitsWith: .signal(Self.trapSignal), observing: [\.standardErrorContent]
        ) {
            try await editACatTheCourseWay(withFault: true)
        }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("Unexpectedly found nil while unwrapping an Optional value"))
    }

    /// The signal a Swift runtime trap raises: `ud2` on x86_64, `brk` elsewhere.
    static var trapSignal: CInt {
        #if arch(x86_64) || arch(i386)
            SIGILL
        #else
            SIGTRAP
        #endif
    }

    @Test func theSameEditWithoutTheFaultFinishes() async {
        await #expect(processExitsWith: .success) {
            try await editACatTheCourseWay(withFault: false)
        }
    }

    @Test func theCourseRequestClassHandsAStringOnAnErrorOnlyWhenAskedForOne() async throws {
        try await RestLite.withServer(seed: .empty) { server in
            let course = CourseStyleRequest(urlBase: server.baseURL.absoluteString, apiKey: server.apiKey)
            let message: String = try await course.send("GET", toUrlPath: "/rest/a3cats")
            #expect(message == "HTTP 404 - The request caused an error")
        }
    }
}
