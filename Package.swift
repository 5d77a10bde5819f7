// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "parlor",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "parlor", targets: ["parlor"]),
        .executable(name: "parlor-loadtest", targets: ["parlor-loadtest"]),
        .library(name: "GameCore", targets: ["GameCore"]),
        .library(name: "Quortex", targets: ["Quortex"]),
        .library(name: "CrazyEights", targets: ["CrazyEights"]),
        .library(name: "BestBall", targets: ["BestBall"]),
        .library(name: "PlayerProfiles", targets: ["PlayerProfiles"]),
        .library(name: "GameSession", targets: ["GameSession"]),
        .library(name: "ParlorAPI", targets: ["ParlorAPI"]),
        .library(name: "ParlorDatabase", targets: ["ParlorDatabase"]),
        .library(name: "ParlorServer", targets: ["ParlorServer"]),
        .library(name: "StatsSync", targets: ["StatsSync"]),
        .library(name: "ParlorClient", targets: ["ParlorClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        // Tests only: reads asyncapi.yaml, the real-time half of the contract.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Rules: pure, deterministic game engines with no I/O; they build for Linux and iOS.
        // Optimised even in debug builds: the property tests play thousands of games through them.
        .target(name: "GameCore", swiftSettings: strict + optimisedInDebug),
        .target(name: "Quortex", dependencies: ["GameCore"], swiftSettings: strict + optimisedInDebug),
        .target(name: "CrazyEights", dependencies: ["GameCore"], swiftSettings: strict + optimisedInDebug),
        // TopDog's rules: snake drafts, autopick, best ball scoring, tournament advancement.
        .target(name: "BestBall", dependencies: ["GameCore"], swiftSettings: strict + optimisedInDebug),
        // Tandem's stats: event log, projections, clocks, lossless merge, migration, providers, sync manager.
        .target(name: "StatsSync", dependencies: ["DurableFiles"], swiftSettings: strict),
        // Crash-safe file writes (atomic replace, flushed appends) shared by the on-device stores.
        .target(name: "DurableFiles", swiftSettings: strict),
        // Profiles: local identity, avatar, stats and cosmetics, persisted as a versioned JSON file.
        .target(name: "PlayerProfiles", dependencies: ["GameCore", "DurableFiles"], swiftSettings: strict),
        // Runtime: host-authoritative local multiplayer over any transport (lobby, GameStore, codec).
        .target(
            name: "GameSession",
            dependencies: [
                "GameCore", "PlayerProfiles",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Wire: the REST contract, generated from openapi.yaml at build time.
        .target(
            name: "ParlorAPI",
            dependencies: ["StatsSync", .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            // The generator always shards its output; empty shards warn about unused imports.
            swiftSettings: strict + [.unsafeFlags(["-suppress-warnings"])],
            plugins: [
                .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"),
                "EmbedOpenAPIDocument",
            ]
        ),
        .executableTarget(name: "parlor-embed", path: "Sources/parlor-embed"),
        .plugin(name: "EmbedOpenAPIDocument", capability: .buildTool(), dependencies: ["parlor-embed"]),
        // Client: typed Parlor API client for apps and tools, and the Parlor stats-sync provider.
        .target(
            name: "ParlorClient",
            dependencies: [
                "ParlorAPI", "StatsSync", "GameCore",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Storage: one SQL code path over SQLite and PostgreSQL, with versioned migrations.
        .target(
            name: "ParlorDatabase",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ],
            swiftSettings: strict
        ),
        // Sign-in providers: verifies Apple, Discord and Facebook credentials over HTTP (configurable URLs).
        .target(
            name: "SignInProviders",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Server, one target per capability; each holds its routes, service, SQL and migrations, and
        // reaches another capability only through that one's package interface. Arrows point down:
        // ParlorServer (the root) assembles them all; Realtime sits on Play; every capability sits
        // on ParlorHTTP (request pipeline, errors, metrics) and reaches users through ParlorAccounts.
        .target(
            name: "ParlorHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParlorAccounts",
            dependencies: [
                "ParlorHTTP", "ParlorAPI", "ParlorDatabase", "SignInProviders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParlorMiniApps",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParlorSync",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "StatsSync",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParlorPlay",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "GameCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict
        ),
        // TopDog: player pool, tournaments, the cents ledger, live snake drafts, teams and scoring.
        .target(
            name: "ParlorTopDog",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorPlay", "ParlorAPI", "ParlorDatabase", "BestBall", "GameCore",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ParlorRealtime",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorPlay", "ParlorTopDog", "ParlorAPI", "GameCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The application root: assembles the capabilities, their migrations and services.
        .target(
            name: "ParlorServer",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorMiniApps", "ParlorSync", "ParlorPlay", "ParlorRealtime", "ParlorTopDog",
                "ParlorAPI", "ParlorDatabase", "SignInProviders", "GameCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Tools: the `parlor` command (serve, migrate, admin, bench, per-game tools).
        .executableTarget(
            name: "parlor",
            dependencies: [
                "ParlorServer",
                "ParlorAccounts",
                "ParlorRealtime",
                "ParlorTopDog",
                "BestBall",
                .product(name: "NIOHTTP1", package: "swift-nio"),
                "ParlorDatabase",
                "SignInProviders",
                "GameCore",
                "StatsSync",
                "ParlorClient",
                "ParlorAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                "Quortex",
                "CrazyEights",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // The load generator: bot games over WebSockets against a running server; a client, so
        // the server binary does not carry it.
        .executableTarget(
            name: "parlor-loadtest",
            dependencies: [
                "ParlorClient", "ParlorAPI", "GameCore", "Quortex", "CrazyEights",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore"], swiftSettings: strict),
        .testTarget(name: "CrazyEightsTests", dependencies: ["CrazyEights", "GameCore"], swiftSettings: strict),
        .testTarget(name: "BestBallTests", dependencies: ["BestBall", "GameCore"], swiftSettings: strict),
        .testTarget(
            name: "PlayerProfilesTests", dependencies: ["PlayerProfiles", "GameCore", "ParlorTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "GameSessionTests",
            dependencies: [
                "GameSession", "CrazyEights", "PlayerProfiles", "GameCore",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "QuortexTests", dependencies: ["Quortex", "GameCore", "QuortexOracle"], swiftSettings: strict),
        // A plain, slow reading of the Quortex rules that the tests hold the fast engine to.
        .target(
            name: "QuortexOracle", dependencies: ["Quortex"], path: "Tests/QuortexOracle",
            swiftSettings: strict + optimisedInDebug),
        .testTarget(
            name: "ParlorDatabaseTests",
            // The product's own migrations are what the migrator is tested with.
            dependencies: ["ParlorDatabase", "ParlorTestSupport", "ServerTestSupport", "ParlorServer"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParlorServerTests",
            dependencies: [
                "ParlorServer", "ParlorHTTP", "ParlorAccounts", "ParlorMiniApps", "ParlorSync", "ParlorPlay", "ParlorRealtime",
                "ParlorTopDog", "BestBall", "ServerTestSupport", "ParlorAPI", "ParlorTestSupport", "ParlorDatabase", "SignInProviders",
                "StatsSync", "ParlorClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                "GameCore", "Quortex", "CrazyEights",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StatsSyncTests",
            dependencies: [
                "StatsSync", "ParlorTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SignInProvidersTests",
            dependencies: [
                "SignInProviders", "ParlorTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ParlorCommandTests",
            // Depends on the executables so that `swift test` builds the binaries these tests run.
            dependencies: [
                "parlor", "parlor-loadtest", "ServerTestSupport", "ParlorServer", "ParlorTestSupport", "CrazyEights", "GameCore", "ParlorAPI", "ParlorClient",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        // Helpers for tests of the server: databases with every capability's tables.
        .target(
            name: "ServerTestSupport",
            dependencies: ["ParlorServer", "ParlorDatabase", "ParlorTestSupport"],
            path: "Tests/ServerTestSupport",
            swiftSettings: strict
        ),
        // Shared test helpers: the SQLite/PostgreSQL matrix, temporary directories, process runner.
        .target(
            name: "ParlorTestSupport",
            dependencies: [
                "ParlorDatabase",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/ParlorTestSupport",
            swiftSettings: strict
        ),
    ]
)
