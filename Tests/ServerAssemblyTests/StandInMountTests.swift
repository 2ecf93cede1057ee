import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

@testable import ServerAssembly

/// The stand-ins on the restdb router: no key, CORS like every answer, absent without their mount;
/// their settings (`--no-standins`, `--public-url`, `--local-images`) and banner line.
@Suite struct StandInMountTests {
    @Test func standInsAnswerWithoutAKeyAndWithCORS() throws {
        let api = try TestAPI()
        for path in [
            "/thecatapi/v1/images/search?breed_ids=beng", "/thecatapi/v1/breeds/beng",
            "/thecatapi/v1/categories",
            "/placekitten/30/20", "/dummyimage/20x10.png", "/dogceo/api/breeds/list/all",
            "/dogceo/breeds/beagle/a.jpg", "/usda/ndb/search/?q=apple",
            "/usda/fdc/v1/foods/search?query=apple",
        ] {
            let response = api.request(
                .get, path, headers: ["x-apikey": "", "Origin": "http://localhost:3000"])
            #expect(response.status == .ok, "\(path)")
            #expect(response.headers["Access-Control-Allow-Origin"] == "http://localhost:3000", "\(path)")
        }
        let preflight = api.request(.options, "/thecatapi/v1/images/search", headers: ["x-apikey": ""])
        #expect(preflight.status == .noContent)
        let ordered = api.request(.get, "/thecatapi/v1/breeds?limit=2", headers: ["x-apikey": ""])
        let exposed = ordered.headers["Access-Control-Expose-Headers"] ?? ""
        #expect(exposed.contains("Pagination-Count") && exposed.contains("X-Pagination"))
        #expect(api.request(.get, "/rest/a3cats", headers: ["x-apikey": ""]).status == .unauthorized)
        #expect(api.request(.get, "/placekitten/0/20", headers: ["x-apikey": ""]).status == .badRequest)
    }

    @Test func withoutStandInsTheirPathsAre404() throws {
        let api = try TestAPI()
        let bare = RestAPI(store: api.store, keys: api.keys, options: .init(logErrors: false))
        let responder = bare.makeResponder()
        #expect(
            !responder.routes.contains {
                $0.pattern.hasPrefix("/thecatapi") || $0.pattern.hasPrefix("/placekitten")
                    || $0.pattern.hasPrefix("/dogceo") || $0.pattern.hasPrefix("/usda")
            })
        let response = responder.respond(to: HTTPRequest(method: .get, target: "/placekitten/300/200"))
        #expect(response.status == .notFound)
    }

    @Test func thePublicURLIsTheBaseOfTheCatAPIsURLs() throws {
        let api = try TestAPI()
        let standIns = StandInMount(StandInOptions(publicURL: "http://192.168.1.5:8080"))
        let responder = RestAPI(store: api.store, keys: api.keys, options: .init(logErrors: false))
            .makeResponder(mounts: [standIns])
        let response = responder.respond(
            to: HTTPRequest(
                method: .get, target: "/thecatapi/v1/images/search", headers: ["Host": "127.0.0.1:1"]))
        #expect(
            String(decoding: response.body, as: UTF8.self).contains(
                #""url":"http://192.168.1.5:8080/thecatapi/images/"#))
    }

    @Test func flagsAndEnvironmentSetTheStandIns() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(defaults.standIns && defaults.publicURL == nil && !defaults.localImages)
        #expect(defaults.standInOptions == StandInOptions())
        #expect(defaults.baseURL(port: 4321) == "http://127.0.0.1:4321")
        let fromEnvironment = try ServeConfiguration.resolve(
            ServeOverrides(),
            environment: [
                "RESTLITE_NO_STANDINS": "1", "RESTLITE_PUBLIC_URL": "http://10.0.0.2:8080/",
                "RESTLITE_LOCAL_IMAGES": "yes",
            ])
        #expect(!fromEnvironment.standIns && fromEnvironment.standInOptions == nil)
        #expect(fromEnvironment.publicURL == "http://10.0.0.2:8080" && fromEnvironment.localImages)
        #expect(fromEnvironment.baseURL(port: 1) == "http://10.0.0.2:8080")
        let flags = try ServeConfiguration.resolve(
            ServeOverrides(publicURL: "https://cats.example"),
            environment: ["RESTLITE_PUBLIC_URL": "http://x:1"])
        #expect(flags.publicURL == "https://cats.example")
        for bad in ["cats.example", "http://", "http://a/b", "ftp://a:1", "http://a b"] {
            #expect(throws: ServeError.self, "\(bad)") {
                try ServeConfiguration.resolve(ServeOverrides(publicURL: bad), environment: [:])
            }
        }
    }

    @Test func theUSDAKeyCheckIsSwitchedOnByTheEnvironmentOnly() throws {
        let on = try ServeConfiguration.resolve(
            ServeOverrides(), environment: ["RESTLITE_USDA_KEY_CHECK": "1"])
        #expect(on.standInOptions?.usdaKeyCheck == true)
        let off = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(off.standInOptions?.usdaKeyCheck == false)
    }

    @Test func theBannerListsTheStandIns() {
        let banner = ServeBanner(
            host: "0.0.0.0", port: 8080, dataDirectory: "d", collections: [], key: nil,
            standInBase: "http://127.0.0.1:8080/")
        #expect(
            banner.text.contains(
                "\nstand-ins: http://127.0.0.1:8080/thecatapi/v1  /placekitten  /dummyimage  /dogceo/api  /usda\n"
            ))
        #expect(
            !ServeBanner(host: "::", port: 1, dataDirectory: "d", collections: [], key: nil).text.contains(
                "stand-ins"))
    }
}
