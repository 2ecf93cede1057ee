import Foundation
import Pictures
import SocketHTTP
import Testing

@testable import StandIns

/// A stand-in on a frozen router, answered in-process, with a fake picture drawer.
struct CatAPIFixture {
    let router: FrozenRouter
    let renders: RenderCounter

    init(publicURL: String? = nil) {
        let renders = RenderCounter()
        let standIn = TheCatAPIStandIn(publicURL: publicURL) { look, variant, width, height, format in
            renders.add()
            return Array("\(look.pattern.rawValue) \(variant) \(width)x\(height) \(format.rawValue)".utf8)
        }
        var router = Router()
        standIn.register(on: &router)
        self.router = router.freeze()
        self.renders = renders
    }

    func get(_ target: String, host: String = "cats.test:3000", headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all = headers
        all.set("Host", host)
        return router.respond(to: HTTPRequest(method: .get, target: target, headers: all))
    }

    func json(_ target: String, headers: HTTPHeaders = [:]) throws -> Any {
        let response = get(target, headers: headers)
        #expect(response.status == .ok, "\(target)")
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    func array(_ target: String, headers: HTTPHeaders = [:]) throws -> [[String: Any]] {
        try #require(try json(target, headers: headers) as? [[String: Any]])
    }
}

/// Counts calls of the fake drawer from any thread.
final class RenderCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    func add() { lock.withLock { calls += 1 } }
    var count: Int { lock.withLock { calls } }
}

/// The breed ids of the course's Mockaroo list (assignment 3), in its order.
let courseBreedIDs = """
    abys, aege, abob, acur, asho, awir, amau, amis, bali, bamb, beng, birm, bomb, bslo, bsho, bure, buri, \
    cspa, ctif, char, chau, chee, csho, crex, cymr, cypr, drex, dons, lihu, emau, ebur, esho, hbro, hima, \
    jbob, java, khao, kora, kuri, lape, mcoo, mala, manx, munc, nebe, norw, ocic, orie, pers, pixi, raga, \
    ragd, rblu, sava, sfol, srex, siam, sibe, sing, snow, soma, sphy, tonk, toyg, tang, tvan, ycho
    """.components(separatedBy: ", ")

/// The keys of an object in the order the body sends them (JSONSerialization loses the order).
func keyOrder(ofFirstObjectIn text: String, after marker: String = "") -> [String] {
    var keys: [String] = []
    var depth = 0
    var index = text.startIndex
    if !marker.isEmpty, let found = text.range(of: marker) { index = found.lowerBound }
    var started = false
    var inString = false
    var current = ""
    var expectKey = false
    while index < text.endIndex {
        let character = text[index]
        if inString {
            if character == "\\" {
                index = text.index(after: index)
            } else if character == "\"" {
                inString = false
                if expectKey && depth == 1 { keys.append(current) }
                expectKey = false
            } else {
                current.append(character)
            }
        } else {
            switch character {
            case "{":
                depth += 1
                if depth == 1 {
                    started = true
                    expectKey = true
                }
            case "[":
                if started { depth += 1 }
            case "}", "]":
                if started { depth -= 1 }
                if started && depth == 0 { return keys }
            case ",":
                if depth == 1 { expectKey = true }
            case "\"":
                inString = true
                current = ""
            default: break
            }
        }
        index = text.index(after: index)
    }
    return keys
}
