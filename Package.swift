// swift-tools-version:6.0
import PackageDescription

/// One settings array for every target, so the whole package builds the same way.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "restlite",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "restlite", targets: ["restlite"]),
        .library(name: "RestDBClient", targets: ["RestDBClient"]),
        .library(name: "SocketHTTP", targets: ["SocketHTTP"]),
        .library(name: "DocumentStore", targets: ["DocumentStore"]),
        .library(name: "RestDBAPI", targets: ["RestDBAPI"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "StandIns", targets: ["StandIns"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "CEventLoop"),
        // Locks, threads and client sockets over POSIX: the one home of that platform code.
        .target(name: "PlatformSupport", swiftSettings: swiftSettings),
        .target(
            name: "SocketHTTP", dependencies: ["CEventLoop", "PlatformSupport"], swiftSettings: swiftSettings),
        .target(
            name: "DocumentStore",
            dependencies: ["CSQLite", "PlatformSupport"],
            swiftSettings: swiftSettings,
            // `$regex` calls the toolchain's ICU directly on Linux (see ARCHITECTURE.md).
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(
            name: "RestDBAPI",
            dependencies: ["SocketHTTP", "DocumentStore", "PlatformSupport"],
            swiftSettings: swiftSettings
        ),
        // Pictures drawn and encoded here (JPEG, PNG, GIF, BMP); the standard library only.
        .target(name: "Pictures", swiftSettings: swiftSettings),
        .target(
            name: "StandIns", dependencies: ["SocketHTTP", "Pictures", "PlatformSupport"],
            swiftSettings: swiftSettings),
        .target(name: "RestDBClient", dependencies: ["PlatformSupport"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "restlite",
            dependencies: [
                "RestDBAPI", "DocumentStore", "SocketHTTP", "RestDBClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "restlite-bench-http", dependencies: ["SocketHTTP"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "restlite-bench-store",
            dependencies: ["DocumentStore"],
            path: "bench/store",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "restlite-bench-pictures",
            dependencies: ["Pictures"],
            path: "bench/pictures",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "RestLiteTesting",
            dependencies: ["RestDBAPI", "DocumentStore", "SocketHTTP", "RestDBClient", "PlatformSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SocketHTTPTests",
            dependencies: ["SocketHTTP", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DocumentStoreTests",
            dependencies: ["DocumentStore", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBAPITests",
            dependencies: ["RestDBAPI", "RestLiteTesting", "RestDBClient"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBClientTests",
            dependencies: ["RestDBClient", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "StandInsTests", dependencies: ["StandIns", "SocketHTTP", "Pictures", "RestLiteTesting"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RestliteCLITests",
            dependencies: ["RestLiteTesting", "restlite"],
            swiftSettings: swiftSettings
        ),
    ]
)
