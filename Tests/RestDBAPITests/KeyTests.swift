import Dispatch
import DocumentJSON
import DocumentStore
import Foundation
import PlatformSupport
import SocketHTTP
import Testing

@testable import RestDBAPI

@Suite struct KeyTests {
    @Test(arguments: [
        ("/a3cats/**", "/a3cats", true), ("/a3cats/**", "/a3cats/", true),
        ("/a3cats/**", "/a3cats/5f1e0c0a0b0c0d0e0f101112", true), ("/a3cats/**", "/dogs", false),
        ("/a3cats/**", "/a3catsx/1", false), ("/a3cats/*", "/a3cats/1", true),
        ("/a3cats/*", "/a3cats", false),
        ("/a3*/**", "/a3dogs/1", true), ("/**", "/anything/at/all", true), ("/a3cats", "/a3cats/1", false),
    ])
    func pathGlobsMatchSegments(pattern: String, path: String, expected: Bool) {
        #expect(PathGlob(pattern).matches(path) == expected)
    }

    @Test func scopedKeyIsLimitedToMethodsPathAndOrigins() {
        let key = APIKey(
            key: "k", full: false, methods: ["get", "POST"], path: "/a3cats/**",
            origins: ["http://localhost:3000"])
        #expect(key.permits(method: "GET", path: "/a3cats", origin: "http://localhost:3000"))
        #expect(key.permits(method: "POST", path: "/a3cats/1", origin: "http://localhost:3000/"))
        #expect(!key.permits(method: "DELETE", path: "/a3cats/1", origin: "http://localhost:3000"))
        #expect(!key.permits(method: "GET", path: "/dogs", origin: "http://localhost:3000"))
        #expect(!key.permits(method: "GET", path: "/a3cats", origin: "http://evil.example"))
        #expect(!key.permits(method: "GET", path: "/a3cats", origin: nil))
        #expect(APIKey(key: "f", full: true).permits(method: "DELETE", path: "/x/*", origin: nil))
    }

    @Test func generatedKeysAre24HexCharacters() {
        let keys = (0..<20).map { _ in APIKey.generate() }
        #expect(keys.allSatisfy { $0.count == 24 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
        #expect(Set(keys).count == keys.count)
    }

    @Test func keyRingDecidesMissingUnknownScopedAndAllowed() throws {
        let ring = try KeyRing(file: nil, fullAccessKeys: ["5dae6f2cf9b4d1e2a3b4c5d6"])
        #expect(ring.authorize(presentedKey: nil, method: "GET", path: "/a3cats", origin: nil) == .missing)
        #expect(ring.authorize(presentedKey: "", method: "GET", path: "/a3cats", origin: nil) == .missing)
        #expect(ring.authorize(presentedKey: "nope", method: "GET", path: "/a3cats", origin: nil) == .unknown)
        #expect(
            ring.authorize(
                presentedKey: "5dae6f2cf9b4d1e2a3b4c5d6", method: "DELETE", path: "/a/*", origin: nil)
                == .allowed)
    }

    @Test func keyRingFollowsTheKeyFileWhileRunning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = KeyFile.url(inDataFolder: folder)
        try KeyFile(keys: [APIKey(key: "first", full: true)]).save(to: url)
        let ring = try KeyRing(file: url, recheckInterval: .zero)
        #expect(ring.authorize(presentedKey: "first", method: "GET", path: "/a", origin: nil) == .allowed)

        let scoped = APIKey(key: "second", full: false, methods: ["GET"], path: "/a3cats/**")
        try KeyFile(keys: [scoped]).save(to: url)
        #expect(ring.authorize(presentedKey: "first", method: "GET", path: "/a", origin: nil) == .unknown)
        #expect(
            ring.authorize(presentedKey: "second", method: "GET", path: "/a3cats/1", origin: nil) == .allowed)
        #expect(
            ring.authorize(presentedKey: "second", method: "PUT", path: "/a3cats/1", origin: nil)
                == .outOfScope)
    }

    /// Requests read the ring without a lock while keys change: a reload holds from the next
    /// request on, on every thread, and no reader ever sees anything but a whole key list.
    @Test func readersWithoutALockSeeEachReloadFromTheirNextRequest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = KeyFile.url(inDataFolder: folder)
        func pair(_ round: Int) -> [APIKey] {
            [APIKey(key: "key\(round)-a", full: true), APIKey(key: "key\(round)-b", full: true)]
        }
        try KeyFile(keys: pair(0)).save(to: url)
        // Only `reload` changes the keys here: the source's own check is not due in this test.
        let ring = try KeyRing(file: url, recheckInterval: .seconds(3600))
        let seen = Observations()
        // Two threads read the ring, as requests do, until the keys stop changing (bounded).
        let readers = DispatchGroup()
        for _ in 0..<2 {
            readers.enter()
            Thread {
                defer { readers.leave() }
                for _ in 0..<200_000 where !seen.stopped {
                    // One read of the ring: both keys of one round, never a mix or a half.
                    let keys = ring.keys.map(\.key)
                    let whole = keys.count == 2 && keys[0].dropLast(2) == keys[1].dropLast(2)
                    seen.add(whole ? "whole" : "keys \(keys)")
                }
            }.start()
        }
        for round in 1...20 {
            try KeyFile(keys: pair(round)).save(to: url)
            try ring.reload()
            // From the next request on, on this thread, the new key holds and the old one not.
            let now = ring.authorize(presentedKey: "key\(round)-b", method: "GET", path: "/a", origin: nil)
            let before = ring.authorize(
                presentedKey: "key\(round - 1)-a", method: "GET", path: "/a", origin: nil)
            seen.add(now == .allowed && before == .unknown ? "whole" : "round \(round): \(now) \(before)")
        }
        seen.stop()
        #expect(readers.wait(timeout: .now() + 60) == .success)
        #expect(seen.values == ["whole"])
        #expect(ring.keys.map(\.key) == ["key20-a", "key20-b"])
    }

    @Test func constantTimeComparisonIsExact() {
        #expect(ConstantTime.equals("abc", "abc"))
        #expect(!ConstantTime.equals("abc", "abd"))
        #expect(!ConstantTime.equals("abc", "abcd"))
        #expect(!ConstantTime.equals("", "a"))
    }

    @Test func errorBodiesAreCompactJSONInRestdbShape() {
        let error = RestError.validation([.init(field: "weightKg", message: "must be a number")])
        let text = String(decoding: error.body(), as: UTF8.self)
        #expect(
            text
                == #"{"name":"ValidationError","message":"weightKg must be a number","status":400,"list":[{"field":"weightKg","message":"must be a number"}]}"#
        )
        #expect(
            String(decoding: RestError(.notFound, "x").body(), as: UTF8.self).hasPrefix(
                #"{"name":"NotFound""#))
    }
}

@Suite struct KeyFileEditingTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyedit-\(UUID().uuidString)")

    @Test func addListAndRemoveKeys() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try KeyFile.addKey(inDataFolder: folder)
        #expect(full.full && full.key.count == 24)
        let scoped = try KeyFile.addKey(
            inDataFolder: folder, key: "5dae6f2cf9b4d1e2a3b4c5d6", methods: ["get"], path: "/a3cats/**",
            origins: ["http://localhost:3000"])
        #expect(!scoped.full && scoped.methods == ["GET"])
        let loaded = try KeyFile.load(from: KeyFile.url(inDataFolder: folder))
        #expect(loaded.keys.map(\.key) == [full.key, "5dae6f2cf9b4d1e2a3b4c5d6"])
        #expect(try KeyFile.removeKey(full.key, inDataFolder: folder))
        #expect(try !KeyFile.removeKey(full.key, inDataFolder: folder))
        #expect(try KeyFile.load(from: KeyFile.url(inDataFolder: folder)).keys.count == 1)
    }

    @Test func badRequestsAreRefusedWithAReason() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: KeyEditError.self) {
            try KeyFile.addKey(inDataFolder: folder, full: true, methods: ["GET"])
        }
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, path: "a3cats/**") }
        for path in ["/a3cats\u{0}x", "/a3\u{1}cats/**", "/a3cats\n", "/a3cats\u{7F}"] {
            #expect(throws: KeyEditError.self, "\(path.debugDescription)") {
                try KeyFile.addKey(inDataFolder: folder, path: path)
            }
        }
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, methods: ["FETCH"]) }
        // HEAD is checked as GET and a preflight needs no key: a key naming them would not work.
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, methods: ["HEAD"]) }
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, methods: ["options"]) }
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, key: "has space") }
        try KeyFile.addKey(inDataFolder: folder, key: "same")
        #expect(throws: KeyEditError.self) { try KeyFile.addKey(inDataFolder: folder, key: "same") }
        // Only the first key was written: a refused key leaves nothing behind.
        #expect(try KeyFile.load(from: KeyFile.url(inDataFolder: folder)).keys.map(\.key) == ["same"])
    }
}

/// What the threads of a test saw, distinct values only.
private final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []
    private var done = false

    func add(_ value: String) { lock.withLock { _ = seen.insert(value) } }
    var values: [String] { lock.withLock { seen.sorted() } }
    func stop() { lock.withLock { done = true } }
    var stopped: Bool { lock.withLock { done } }
}
