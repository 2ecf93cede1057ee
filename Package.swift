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
        .library(name: "DataTransfer", targets: ["DataTransfer"]),
        .library(name: "RestDBAPI", targets: ["RestDBAPI"]),
        .library(name: "RestLiteAdmin", targets: ["RestLiteAdmin"]),
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
        // Import, export and the a3cats generator, over the store's bulk-load transaction.
        .target(name: "DataTransfer", dependencies: ["DocumentStore"], swiftSettings: swiftSettings),
        // Admin routes under /_restlite/ for test suites: reset, snapshots, journal, faults.
        .target(
            name: "RestLiteAdmin", dependencies: ["SocketHTTP", "DocumentStore", "PlatformSupport"],
            swiftSettings: swiftSettings),
        .target(
            name: "RestDBAPI",
            dependencies: [
                "SocketHTTP", "DocumentStore", "DataTransfer", "PlatformSupport", "RestLiteAdmin",
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "RestDBClient", dependencies: ["PlatformSupport"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "restlite",
            dependencies: [
                "RestDBAPI", "DocumentStore", "DataTransfer", "SocketHTTP", "RestDBClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "restlite-bench-http",
            dependencies: ["SocketHTTP"],
            path: "bench/http-server",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "restlite-bench-store",
            dependencies: ["DocumentStore"],
            path: "bench/store",
            swiftSettings: swiftSettings
        ),
        // Offline stand-ins of other web APIs the course apps call (pictures drawn on demand).
        .target(name: "StandIns", dependencies: ["SocketHTTP"], swiftSettings: swiftSettings),
        .target(
            name: "RestLiteTesting",
            dependencies: [
                "RestDBAPI", "RestLiteAdmin", "DocumentStore", "SocketHTTP", "RestDBClient",
                "PlatformSupport",
            ],
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
            name: "DataTransferTests",
            dependencies: ["DataTransfer", "DocumentStore", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBAPITests",
            dependencies: ["RestDBAPI", "DataTransfer", "RestLiteTesting", "RestDBClient"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestLiteAdminTests",
            dependencies: ["RestLiteAdmin", "RestDBAPI", "RestLiteTesting", "DocumentStore", "SocketHTTP"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBClientTests",
            dependencies: ["RestDBClient", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StandInsTests",
            dependencies: ["StandIns", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestliteCLITests",
            dependencies: ["RestLiteTesting", "DataTransfer", "restlite"],
            swiftSettings: swiftSettings
        ),
    ]
)
