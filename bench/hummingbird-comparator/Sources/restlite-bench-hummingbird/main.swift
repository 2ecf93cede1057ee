import DocumentStore
import Hummingbird

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// restlite's DocumentStore behind Hummingbird, for bench/compare.sh only.
let options: BenchOptions
do {
    options = try BenchOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    print("restlite-bench-hummingbird: \(error)\n\(BenchOptions.usage)")
    exit(2)
}

// The store opened as `restlite serve` opens it (StoreOpening): no memory map, the file kept to
// this process, and the default synchronous=NORMAL in WAL mode, so writes are as durable.
try FileManager.default.createDirectory(atPath: options.dataDirectory, withIntermediateDirectories: true)
var storeOptions = DocumentStore.Options()
storeOptions.mmapBytes = 0
storeOptions.processExclusive = true
let store = try DocumentStore(path: options.dataDirectory + "/restlite.sqlite", options: storeOptions)

let router = Router()
RestRoutes(store: store).add(to: router, apiKey: options.apiKey)
let app = Application(
    router: router, configuration: .init(address: .hostname(options.host, port: options.port)))
try await app.runService()
