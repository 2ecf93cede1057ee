// Figures for docs/PERFORMANCE.md: `swift run -c release restlite-bench-store [count]`.
// `restlite-bench-store crash-writer <db> [exclusive]` inserts forever, printing each
// acknowledged id; the kill test SIGKILLs it and checks that every printed id is in the
// database. `exclusive` opens the store as `restlite serve` does (`processExclusive`).
import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
if (3...4).contains(arguments.count) && arguments[1] == "crash-writer" {
    try CrashWriter.run(
        path: arguments[2], processExclusive: arguments.count == 4 && arguments[3] == "exclusive")
} else {
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
    try StoreBenchmark(count: count).run()
}
