// swift-tools-version:6.0
import PackageDescription

// A benchmark-only comparator for bench/compare.sh: restlite's own DocumentStore behind a
// Hummingbird (SwiftNIO) HTTP server, so that a comparison with `restlite serve` measures the
// HTTP stack and request handling only. Not part of the root package, not built by CI; the
// product never contains an HTTP framework.
let package = Package(
    name: "restlite-bench-hummingbird",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(name: "restlite", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "restlite-bench-hummingbird",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "DocumentStore", package: "restlite"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        )
    ]
)
