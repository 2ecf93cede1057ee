// swift-tools-version:6.0
import PackageDescription

/// One settings array for every target, so the whole package builds the same way.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// The picture coders (Pictures) are the hottest code of the test suite and of the stand-ins, and a
// debug build runs them several times slower: a debug build optimizes that one module. SwiftPM
// refuses products with unsafe flags from a fetched dependency, so a copy fetched as one (under a
// `checkouts` or registry folder, as SwiftPM and Xcode keep them) builds without the flag.
let fetchedAsDependency = ["/checkouts/", "/registry/downloads/"].contains {
    Context.packageDirectory.contains($0)
}
let picturesSettings =
    swiftSettings + (fetchedAsDependency ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))])

let package = Package(
    name: "restlite",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "restlite", targets: ["restlite"]),
        .library(name: "RestDBClient", targets: ["RestDBClient"]),
        // Linux's transport for the client (plain http on POSIX sockets); Apple platforms do not need it.
        .library(name: "RestDBClientSocketTransport", targets: ["RestDBClientSocketTransport"]),
        .library(name: "SocketHTTP", targets: ["SocketHTTP"]),
        .library(name: "DocumentJSON", targets: ["DocumentJSON"]),
        .library(name: "DocumentQuery", targets: ["DocumentQuery"]),
        .library(name: "DocumentStore", targets: ["DocumentStore"]),
        .library(name: "PostgresStore", targets: ["PostgresStore"]),
        .library(name: "DataTransfer", targets: ["DataTransfer"]),
        .library(name: "RestDBAPI", targets: ["RestDBAPI"]),
        .library(name: "ServerAssembly", targets: ["ServerAssembly"]),
        .library(name: "Pictures", targets: ["Pictures"]),
        .library(name: "MediaArchive", targets: ["MediaArchive"]),
        .library(name: "StandIns", targets: ["StandIns"]),
        .library(name: "RestLiteEmbedded", targets: ["RestLiteEmbedded"]),
        .library(name: "RestLiteAdmin", targets: ["RestLiteAdmin"]),
        .library(name: "Console", targets: ["Console"]),
    ],
    dependencies: [
        // Pinned exactly (see docs/ARCHITECTURE.md, "Package dependencies"); Package.resolved is not kept.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "CEventLoop"),
        // The files served from the binary (the OpenAPI document, the console's files), compiled in
        // with C's `#embed`: SwiftPM's `embedInCode` writes one Swift array literal per file, which
        // a debug build takes minutes of CPU to compile.
        .target(name: "CEmbeddedFiles"),
        // Test processes only (through RestLiteTesting): scratch files on a tmpfs when Linux has one.
        .target(name: "CTestScratch"),
        // Locks, threads and a client socket over POSIX: the one home of that platform code.
        .target(name: "PlatformSupport", swiftSettings: swiftSettings),
        .target(
            name: "SocketHTTP", dependencies: ["CEventLoop", "PlatformSupport"], swiftSettings: swiftSettings),
        // JSON values, their parser and writer (the one string escaper), ids, dates and restdb's
        // error body: below the store, for every module.
        .target(name: "DocumentJSON", dependencies: ["PlatformSupport"], swiftSettings: swiftSettings),
        // The query language without a database: `q` and `h` parsed into an AST, and compiled to
        // SQL text through an `SQLDialect` (SQLite's lives in DocumentStore).
        .target(
            name: "DocumentQuery",
            dependencies: ["DocumentJSON", "PlatformSupport"],
            swiftSettings: swiftSettings,
            // `$regex` calls the toolchain's ICU directly on Linux (see ARCHITECTURE.md).
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        .target(
            name: "DocumentStore",
            dependencies: ["CSQLite", "DocumentJSON", "DocumentQuery", "PlatformSupport"],
            swiftSettings: swiftSettings
        ),
        // The store's engine on PostgreSQL; libpq is loaded at run time, not linked (ARCHITECTURE.md).
        .target(
            name: "PostgresStore",
            dependencies: [
                "DocumentStore", "DocumentQuery", "DocumentJSON", "PlatformSupport", "MediaArchive",
            ],
            swiftSettings: swiftSettings),
        // Import, export and the a3cats generator, over the store's bulk-load transaction.
        .target(
            name: "DataTransfer", dependencies: ["DocumentJSON", "DocumentStore", "PlatformSupport"],
            swiftSettings: swiftSettings),
        // Admin routes under /_restlite/ for test suites: reset, snapshots, journal, faults.
        .target(
            name: "RestLiteAdmin",
            dependencies: ["SocketHTTP", "DocumentJSON", "DocumentStore", "PlatformSupport", "CEventLoop"],
            swiftSettings: swiftSettings),
        // restdb's media archive: stored files by id, multipart forms, thumbnails.
        .target(
            name: "MediaArchive", dependencies: ["DocumentJSON", "Pictures", "PlatformSupport"],
            swiftSettings: swiftSettings),
        .target(
            name: "RestDBAPI",
            dependencies: [
                "SocketHTTP", "DocumentJSON", "DocumentQuery", "DocumentStore", "DataTransfer",
                "PlatformSupport", "MediaArchive", "CEventLoop", "CEmbeddedFiles",
            ],
            // The OpenAPI document is data, compiled in by CEmbeddedFiles; docs/openapi.json links to it.
            exclude: ["OpenAPI/openapi.json"],
            swiftSettings: swiftSettings
        ),
        // `restlite serve` without the command line: settings, data folder, seed, banner, and the one
        // builder that mounts the console, the admin routes and the stand-ins beside restdb's routes.
        .target(
            name: "ServerAssembly",
            dependencies: [
                "RestDBAPI", "SocketHTTP", "DocumentJSON", "DocumentStore", "DataTransfer", "PlatformSupport",
                "MediaArchive",
                "RestLiteAdmin", "Console", "StandIns", "Pictures", "PostgresStore",
            ],
            swiftSettings: swiftSettings
        ),
        // Foundation alone: an iOS app that adds the client compiles it and its URLSession transport.
        .target(name: "RestDBClient", swiftSettings: swiftSettings),
        .target(
            name: "RestDBClientSocketTransport",
            dependencies: ["RestDBClient", "PlatformSupport"],
            swiftSettings: swiftSettings
        ),
        // Offline stand-ins of other web APIs the course apps call, and the pictures they serve:
        // drawn and encoded here (JPEG, PNG, GIF, BMP); the standard library only.
        .target(name: "Pictures", swiftSettings: picturesSettings),
        .target(
            name: "StandIns", dependencies: ["SocketHTTP", "DocumentJSON", "Pictures", "PlatformSupport"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "restlite",
            dependencies: [
                "ServerAssembly", "DocumentJSON", "RestDBAPI", "DocumentStore", "DataTransfer", "SocketHTTP",
                "RestDBClient",
                "RestDBClientSocketTransport", "PlatformSupport", "MediaArchive", "PostgresStore",
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
            dependencies: ["DocumentJSON", "DocumentQuery", "DocumentStore"],
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
            dependencies: [
                "Console", "ServerAssembly",
                "RestDBAPI", "RestLiteAdmin", "DocumentJSON", "DocumentStore", "SocketHTTP", "RestDBClient",
                "MediaArchive",
                "PlatformSupport", "Pictures", "PostgresStore", "CTestScratch",
            ],
            swiftSettings: swiftSettings
        ),
        // restlite inside a test process: `RestLite.withServer` and the `.restlite` test trait.
        .target(
            name: "RestLiteEmbedded", dependencies: ["ServerAssembly", "RestDBAPI", "DocumentStore"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RestLiteEmbeddedTests",
            dependencies: ["RestLiteEmbedded", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SocketHTTPTests",
            dependencies: ["SocketHTTP", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlatformSupportTests", dependencies: ["PlatformSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "DocumentJSONTests", dependencies: ["DocumentJSON"], swiftSettings: swiftSettings),
        .testTarget(
            name: "DocumentQueryTests", dependencies: ["DocumentJSON", "DocumentQuery"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "DocumentStoreTests",
            dependencies: [
                "DocumentJSON", "DocumentQuery", "DocumentStore", "PostgresStore", "RestLiteTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PostgresStoreTests",
            dependencies: [
                "DocumentJSON", "DocumentQuery", "DocumentStore", "PostgresStore", "RestLiteTesting",
                "MediaArchive", "CTestScratch",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DataTransferTests",
            dependencies: ["DocumentJSON", "DataTransfer", "DocumentStore", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBAPITests",
            dependencies: [
                "DocumentJSON", "DocumentQuery",
                "RestDBAPI", "DataTransfer", "RestLiteTesting", "RestDBClient", "MediaArchive", "Pictures",
                "ServerAssembly",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ServerAssemblyTests",
            dependencies: [
                "ServerAssembly", "RestDBAPI", "RestLiteTesting", "DocumentStore", "SocketHTTP", "StandIns",
                "MediaArchive", "PlatformSupport", "PostgresStore",
            ],
            swiftSettings: swiftSettings
        ),
        // The web console's pages and sessions; its files are compiled into the binary.
        .target(
            name: "Console", dependencies: ["SocketHTTP", "PlatformSupport", "CEmbeddedFiles"],
            exclude: ["Assets"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ConsoleTests",
            dependencies: [
                "Console", "ServerAssembly", "DocumentJSON", "RestDBAPI", "RestLiteTesting", "DocumentStore",
                "SocketHTTP",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestLiteAdminTests",
            dependencies: [
                "RestLiteAdmin", "ServerAssembly", "DocumentJSON", "RestDBAPI", "RestLiteTesting",
                "DocumentStore",
                "SocketHTTP",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RestDBClientTests",
            dependencies: ["RestDBClient", "RestDBClientSocketTransport", "RestLiteTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PicturesTests", dependencies: ["Pictures", "RestLiteTesting"], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MediaArchiveTests",
            dependencies: ["DocumentJSON", "MediaArchive", "Pictures", "DocumentStore"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StandInsTests",
            dependencies: ["DocumentJSON", "StandIns", "SocketHTTP", "Pictures", "RestLiteTesting"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RestliteCLITests",
            dependencies: [
                "DocumentJSON", "RestLiteTesting", "DataTransfer", "RestDBClientSocketTransport", "restlite",
                "Pictures", "DocumentStore", "DocumentQuery", "PostgresStore", "MediaArchive",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
