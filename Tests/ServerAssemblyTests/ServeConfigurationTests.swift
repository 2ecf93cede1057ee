import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

@Suite struct ServeConfigurationTests {
    @Test func noFlagsAndNoEnvironmentGiveTheDocumentedDefaults() throws {
        let configuration = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.apiKeys.isEmpty && configuration.seedFile == nil)
        #expect(configuration.seeds && !configuration.strict && !configuration.quiet)
        #expect(configuration.maxBodyBytes == 16 * 1024 * 1024)
    }

    @Test func aFlagWinsOverItsEnvironmentVariableWhichWinsOverTheDefault() throws {
        let environment = [
            "RESTLITE_HOST": "0.0.0.0", "RESTLITE_PORT": "9000", "RESTLITE_DATA_DIR": "/srv/data",
            "RESTLITE_APIKEY": "aaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb",
            "RESTLITE_MAX_BODY": "2MB",
            "RESTLITE_STRICT": "true", "RESTLITE_QUIET": "1", "RESTLITE_NO_SEED": "yes",
            "RESTLITE_SEED": "x.json",
        ]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(fromEnvironment.host == "0.0.0.0" && fromEnvironment.port == 9000)
        #expect(fromEnvironment.dataDirectory == "/srv/data" && fromEnvironment.seedFile == "x.json")
        #expect(fromEnvironment.apiKeys == ["aaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbb"])
        #expect(fromEnvironment.maxBodyBytes == 2_000_000)
        #expect(fromEnvironment.strict && fromEnvironment.quiet && !fromEnvironment.seeds)

        let flags = ServeOverrides(
            host: "::1", port: "0", dataDirectory: "d", apiKeys: ["cccccccccccccccccccccccc"],
            maxBody: "512KiB")
        let fromFlags = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.host == "::1" && fromFlags.port == 0 && fromFlags.dataDirectory == "d")
        #expect(fromFlags.apiKeys == ["cccccccccccccccccccccccc"])
        #expect(fromFlags.maxBodyBytes == 512 * 1024)
    }

    @Test func memoryMappedReadsAreOffUnlessTheEnvironmentAsks() throws {
        #expect(try ServeConfiguration.resolve(ServeOverrides(), environment: [:]).mmapBytes == 0)
        let on = try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_MMAP_SIZE": "1GiB"])
        #expect(on.mmapBytes == 1 << 30)
        let off = try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_MMAP_SIZE": "0"])
        #expect(off.mmapBytes == 0)
        #expect(throws: ServeError.self) {
            try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_MMAP_SIZE": "lots"])
        }
    }

    @Test func theDenialOfServiceLimitsComeFromFlagsOrTheEnvironment() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(defaults.queryBudget == .seconds(2) && defaults.bodyTimeout == .seconds(30))
        #expect(defaults.maxBufferedBytes == 256 * 1024 * 1024)
        #expect(defaults.httpConfiguration.maxBufferedBytes == 256 * 1024 * 1024)
        let environment = [
            "RESTLITE_QUERY_BUDGET": "500ms", "RESTLITE_MAX_BUFFERED": "64MiB", "RESTLITE_BODY_TIMEOUT": "1m",
        ]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(fromEnvironment.queryBudget == .milliseconds(500))
        #expect(fromEnvironment.maxBufferedBytes == 64 << 20 && fromEnvironment.bodyTimeout == .seconds(60))
        var flags = ServeOverrides()
        flags.queryBudget = "1.5s"
        flags.bodyTimeout = "10"
        let fromFlags = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.queryBudget == .milliseconds(1500) && fromFlags.bodyTimeout == .seconds(10))
        #expect(fromFlags.httpConfiguration.bodyTimeout == .seconds(10))
        flags.queryBudget = "soon"
        #expect(throws: ServeError.self) { try ServeConfiguration.resolve(flags, environment: [:]) }
    }

    @Test func emptyOrFalseEnvironmentValuesCountAsUnset() throws {
        let environment = ["RESTLITE_PORT": "", "RESTLITE_STRICT": "0", "RESTLITE_QUIET": "false"]
        let configuration = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(configuration.port == 8080 && !configuration.strict && !configuration.quiet)
    }

    @Test func badValuesAreRefusedWithTheirName() {
        #expect(throws: ServeError.self) {
            try ServeConfiguration.resolve(ServeOverrides(port: "70000"), environment: [:])
        }
        #expect {
            try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_STRICT": "maybe"])
        } throws: { "\($0)".contains("RESTLITE_STRICT=maybe") }
        #expect {
            try ServeConfiguration.resolve(ServeOverrides(apiKeys: ["has space"]), environment: [:])
        } throws: { "\($0)".contains("--apikey") }
        #expect {
            try ServeConfiguration.resolve(ServeOverrides(noSeed: true, reset: true), environment: [:])
        } throws: { "\($0)".contains("--no-seed") }
    }

    @Test(arguments: [
        ("1048576", 1_048_576), ("16MiB", 16_777_216), ("512KiB", 524_288), ("2MB", 2_000_000),
        ("10 kb", 10_000), ("1GiB", 1_073_741_824), ("300b", 300),
    ])
    func maxBodyAcceptsBytesAndUnits(text: String, bytes: Int) throws {
        #expect(try ByteSize.parse(text) == bytes)
    }

    @Test(arguments: ["", "0", "-5", "12XB", "MiB", "1.5MB", "99999999999999999999GiB"])
    func maxBodyRefusesWhatIsNotAPositiveSize(text: String) {
        #expect(throws: ServeError.self) { try ByteSize.parse(text) }
    }

    @Test func theBannerShowsTheURLCollectionsKeyAndACurlCommand() {
        let banner = ServeBanner(
            host: "127.0.0.1", port: 8080, dataDirectory: "/home/me/data",
            collections: [(name: "a3cats", count: 100), (name: "dogs", count: 2)],
            key: "0123456789abcdef01234567", notes: ["created a full-access key in /home/me/data/keys.json"])
        #expect(
            banner.text == """
                restlite listening on http://127.0.0.1:8080
                  created a full-access key in /home/me/data/keys.json
                data folder: /home/me/data
                collections: a3cats (100), dogs (2)
                api key: 0123456789abcdef01234567
                try: curl -H 'x-apikey: 0123456789abcdef01234567' http://127.0.0.1:8080/rest/a3cats
                Press Ctrl-C to stop.

                """)
    }

    @Test func theBannerURLIsOneAClientCanUse() {
        func url(_ host: String) -> String {
            ServeBanner(host: host, port: 1, dataDirectory: "d", collections: [], key: nil).url
        }
        #expect(url("0.0.0.0") == "http://127.0.0.1:1")
        #expect(url("::") == "http://[::1]:1")
        #expect(url("::1") == "http://[::1]:1")
        #expect(url("localhost") == "http://localhost:1")
        let empty = ServeBanner(host: "127.0.0.1", port: 1, dataDirectory: "d", collections: [], key: nil)
        #expect(empty.text.contains("collections: none yet"))
        #expect(empty.text.contains("api key: none (add one with: restlite keys add --data-dir d)"))
    }

    @Test func withNoCollectionTheBannerSuggestsAPostThatCreatesOne() {
        let banner = ServeBanner(host: "127.0.0.1", port: 1, dataDirectory: "d", collections: [], key: "k")
        #expect(
            banner.text.contains(
                #"try: curl -H 'x-apikey: k' -H 'content-type: application/json' -d '{"catName":"Felis catus"}' http://127.0.0.1:1/rest/a3cats"#
            ))
        let dogs = ServeBanner(
            host: "127.0.0.1", port: 1, dataDirectory: "d", collections: [(name: "dogs", count: 1)], key: "k")
        #expect(dogs.text.contains("try: curl -H 'x-apikey: k' http://127.0.0.1:1/rest/dogs\n"))
    }
}
