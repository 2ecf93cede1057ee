#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The comparator's settings: flags, else environment variables, else defaults.
///
///     restlite-bench-hummingbird --host 127.0.0.1 --port 8081 --data-dir /tmp/hb --apikey KEY
///
/// Environment: `RESTLITE_BENCH_HOST`, `RESTLITE_BENCH_PORT`, `RESTLITE_BENCH_DATA_DIR`,
/// `RESTLITE_BENCH_APIKEY`.
struct BenchOptions {
    var host = "127.0.0.1"
    var port = 8081
    var dataDirectory = "./data-hummingbird"
    var apiKey = ""

    static let usage = """
        usage: restlite-bench-hummingbird [--host H] [--port P] [--data-dir DIR] --apikey KEY
        """

    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> BenchOptions
    {
        var options = BenchOptions()
        if let host = environment["RESTLITE_BENCH_HOST"] { options.host = host }
        if let port = environment["RESTLITE_BENCH_PORT"] { options.port = try portNumber(port) }
        if let folder = environment["RESTLITE_BENCH_DATA_DIR"] { options.dataDirectory = folder }
        if let key = environment["RESTLITE_BENCH_APIKEY"] { options.apiKey = key }
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--host": options.host = value
            case "--port": options.port = try portNumber(value)
            case "--data-dir": options.dataDirectory = value
            case "--apikey": options.apiKey = value
            default: throw UsageError("unknown option \(flag)")
            }
        }
        guard !options.apiKey.isEmpty else { throw UsageError("an API key is required (--apikey)") }
        return options
    }

    private static func portNumber(_ text: String) throws(UsageError) -> Int {
        guard let port = Int(text), (0...65535).contains(port) else {
            throw UsageError("'\(text)' is not a port number")
        }
        return port
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
