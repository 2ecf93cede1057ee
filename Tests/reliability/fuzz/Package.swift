// swift-tools-version: 6.0
// libFuzzer targets for restlite's parsers; see run.sh. Not part of the root package: it
// depends on the repository root by path, and is built only with `--sanitize=fuzzer`.
import PackageDescription

// A path dependency is named after its folder, which is whatever the checkout is called.
let rootPath = Context.packageDirectory + "/../../.."
let rootName =
    Context.packageDirectory.split(separator: "/").dropLast(3).last.map { $0.lowercased() } ?? "main"

let fuzzerSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "restlite-fuzz",
    dependencies: [.package(path: rootPath)],
    targets: [
        .executableTarget(
            name: "FuzzHTTP",
            dependencies: [.product(name: "SocketHTTP", package: rootName)],
            swiftSettings: fuzzerSettings
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [.product(name: "DocumentJSON", package: rootName)],
            swiftSettings: fuzzerSettings
        ),
        .executableTarget(
            name: "FuzzMultipart",
            dependencies: [.product(name: "MediaArchive", package: rootName)],
            swiftSettings: fuzzerSettings
        ),
        .executableTarget(
            name: "FuzzQuery",
            dependencies: [
                .product(name: "DocumentQuery", package: rootName),
                .product(name: "DocumentStore", package: rootName),
            ],
            swiftSettings: fuzzerSettings
        ),
    ]
)
