// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Products of the dependencies that several targets use, named once.
enum Products {
    static let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
    static let openAPIRuntime: Target.Dependency = .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
    static let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
    static let hummingbird: Target.Dependency = .product(name: "Hummingbird", package: "hummingbird")
    static let asyncHTTPClient: Target.Dependency = .product(name: "AsyncHTTPClient", package: "async-http-client")
    static let nioCore: Target.Dependency = .product(name: "NIOCore", package: "swift-nio")
    static let nioPosix: Target.Dependency = .product(name: "NIOPosix", package: "swift-nio")
    static let nioEmbedded: Target.Dependency = .product(name: "NIOEmbedded", package: "swift-nio")
    static let nioHTTP1: Target.Dependency = .product(name: "NIOHTTP1", package: "swift-nio")
    static let asn1: Target.Dependency = .product(name: "SwiftASN1", package: "swift-asn1")
    static let wsClient: Target.Dependency = .product(name: "WSClient", package: "swift-websocket")
    static let jwtKit: Target.Dependency = .product(name: "JWTKit", package: "jwt-kit")
    static let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")
    static let sqlKit: Target.Dependency = .product(name: "SQLKit", package: "sql-kit")
    static let openAPIAsyncHTTPClient: Target.Dependency = .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client")
    static let metrics: Target.Dependency = .product(name: "Metrics", package: "swift-metrics")
    static let hummingbirdWebSocket: Target.Dependency = .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket")
    static let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")
    static let prometheus: Target.Dependency = .product(name: "Prometheus", package: "swift-prometheus")
    static let hummingbirdTesting: Target.Dependency = .product(name: "HummingbirdTesting", package: "hummingbird")
    static let compressNIO: Target.Dependency = .product(name: "CompressNIO", package: "compress-nio")
    static let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
    static let nioSSL: Target.Dependency = .product(name: "NIOSSL", package: "swift-nio-ssl")
    static let x509: Target.Dependency = .product(name: "X509", package: "swift-certificates")
    static let dependencies: Target.Dependency = .product(name: "Dependencies", package: "swift-dependencies")
    /// Routes a dependency's `reportIssue` (an unset test value) into Swift Testing as a failure.
    static let dependenciesTestSupport: Target.Dependency = .product(name: "DependenciesTestSupport", package: "swift-dependencies")
    static let mustache: Target.Dependency = .product(name: "Mustache", package: "swift-mustache")
    static let concurrencyExtras: Target.Dependency = .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")
}

/// Whether this build may use unsafe flags: only a Linux build of this package itself. SwiftPM
/// refuses unsafe flags in a package another one depends on (it is then under a `checkouts`
/// folder), and every app build happens on Apple's systems, so no target an app links carries one.
let developmentBuildHere: Bool = {
    #if os(Linux)
    return !Context.packageDirectory.contains("/checkouts/")
    #else
    return false
    #endif
}()

/// The rules, optimised even in debug builds here: the property tests play thousands of games.
let optimisedInDebug: [SwiftSetting] = developmentBuildHere ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []
/// The generator always shards its output; empty shards warn about unused imports.
let generatedCodeQuiet: [SwiftSetting] = developmentBuildHere ? [.unsafeFlags(["-suppress-warnings"])] : []

enum Platforms {
    static let apple: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS]
}

let package = Package(
    name: "parlor",
    // iOS 17 is the apps' floor (Observation). macOS 15 because the server targets use the
    // Synchronization module's Mutex; no app runs on macOS.
    platforms: [.macOS(.v15), .iOS(.v17)],
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
        .library(name: "StatsSyncDevice", targets: ["StatsSyncDevice"]),
        .library(name: "Social", targets: ["Social"]),
        .library(name: "ParlorClient", targets: ["ParlorClient"]),
        .library(name: "PartyNetwork", targets: ["PartyNetwork"]),
        // The apps' layer: feature models (Linux and iOS) and their SwiftUI views (Apple only).
        .library(name: "AppFoundation", targets: ["AppFoundation"]),
        .library(name: "QuortexFeature", targets: ["QuortexFeature"]),
        .library(name: "PartyFeature", targets: ["PartyFeature"]),
        .library(name: "TopDogFeature", targets: ["TopDogFeature"]),
        .library(name: "TandemFeature", targets: ["TandemFeature"]),
        .library(name: "PubGamesFeature", targets: ["PubGamesFeature"]),
        .library(name: "AppFoundationUI", targets: ["AppFoundationUI"]),
        .library(name: "QuortexUI", targets: ["QuortexUI"]),
        .library(name: "PartyUI", targets: ["PartyUI"]),
        .library(name: "TopDogUI", targets: ["TopDogUI"]),
        .library(name: "TandemUI", targets: ["TandemUI"]),
        .library(name: "PubGamesUI", targets: ["PubGamesUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        // The apps' dependency seam (struct-of-closures dependencies with live and test values) and its lock.
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.17.1", traits: ["Clocks", "Foundation"]),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras.git", from: "1.4.3"),
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
        // What Parlor sends to APNs: requests, payloads, the provider token, what each answer means.
        .target(name: "ApplePush", dependencies: [Products.crypto], swiftSettings: strict),
        // Leaderboards, achievements and friendships: period keys, ranks, progress, relations.
        .target(name: "Social", dependencies: ["GameCore"], swiftSettings: strict),
        // The links that open the apps (`/i/{code}`, `/t/{tournament}`, `/r/{game}`): built and parsed
        // here once, for the server's link pages and the apps' deep-link router. No dependencies.
        .target(name: "ParlorLinks", swiftSettings: strict),
        // Tandem's stats rules, shared by server and devices: events, clocks, log, projections, conflicts, legacy figures.
        .target(name: "StatsSync", swiftSettings: strict),
        // Tandem's stats on a device: the local store, providers, the sync manager, migration of legacy files.
        .target(name: "StatsSyncDevice", dependencies: ["StatsSync", "DurableFiles"], swiftSettings: strict),
        // Crash-safe file writes (atomic replace, flushed appends) shared by the on-device stores.
        .target(name: "DurableFiles", swiftSettings: strict),
        // Profiles: local identity, avatar, stats and cosmetics, persisted as a versioned JSON file.
        .target(name: "PlayerProfiles", dependencies: ["GameCore", "DurableFiles"], swiftSettings: strict),
        // Runtime: host-authoritative local multiplayer over any transport (lobby, GameStore, codec).
        .target(
            name: "GameSession",
            dependencies: [
                "GameCore", "PlayerProfiles", Products.compressNIO, Products.nioCore, Products.crypto, Products.logging,
                Products.concurrencyExtras,
            ], swiftSettings: strict),
        // What a process has cost: CPU seconds and resident memory (for /metrics and the load test).
        .target(name: "ProcessStats", swiftSettings: strict),
        // Party play between devices: encrypted TCP links to the host and lobby discovery (UDP here, Bonjour on Apple).
        .target(
            name: "PartyNetwork",
            dependencies: [
                "GameCore", "GameSession", "PlayerProfiles", Products.nioCore, Products.nioPosix, Products.crypto,
                Products.logging, Products.concurrencyExtras,
            ], swiftSettings: strict),
        // Terminal play: renders the feature models in a terminal (keys to intents, state to text) for
        // `parlor play` and `parlor party`; tested without a tty.
        .target(
            name: "TerminalPlay",
            dependencies: [
                "GameCore", "GameSession", "Quortex", "CrazyEights", "AppFoundation", "QuortexFeature", "PartyFeature",
            ], swiftSettings: strict),
        // Wire: the REST contract, generated from openapi.yaml at build time.
        .target(
            name: "ParlorAPI",
            dependencies: ["StatsSync", Products.openAPIRuntime],
            swiftSettings: strict + generatedCodeQuiet,
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
                "ParlorAPI", "StatsSync", "StatsSyncDevice", "GameCore", "GameSession", "DurableFiles", Products.openAPIRuntime, Products.httpTypes,
                Products.wsClient, Products.logging,
                // The default transport: URLSession on Apple platforms, AsyncHTTPClient elsewhere.
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession", condition: .when(platforms: Platforms.apple)),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client", condition: .when(platforms: [.linux])),
            ], swiftSettings: strict),
        // Features: the apps' logic, built and tested on Linux. AppFoundation is what every product
        // shares (session, errors, network state, deep links, formatting, the dependency seam); each
        // product's module holds its screens' models: @MainActor @Observable, intents and derived state.
        .target(
            name: "AppFoundation",
            dependencies: [
                "ParlorClient", "ParlorAPI", "GameCore", "GameSession", "PlayerProfiles", Products.dependencies, Products.concurrencyExtras,
                Products.openAPIRuntime, Products.crypto, "ParlorLinks",
            ], swiftSettings: strict),
        .target(
            name: "QuortexFeature",
            dependencies: [
                "AppFoundation", "Quortex", "GameCore", "GameSession", "ParlorClient", "ParlorAPI", "ParlorLinks", "PlayerProfiles",
                Products.dependencies,
                Products.openAPIRuntime,
            ],
            swiftSettings: strict),
        .target(
            name: "PartyFeature",
            dependencies: [
                "AppFoundation", "CrazyEights", "GameCore", "GameSession", "PartyNetwork", "PlayerProfiles", Products.dependencies,
                Products.logging,
            ], swiftSettings: strict),
        .target(
            name: "TopDogFeature", dependencies: ["AppFoundation", "ParlorClient", "ParlorAPI", Products.dependencies],
            swiftSettings: strict),
        .target(
            name: "TandemFeature", dependencies: ["AppFoundation", "ParlorAPI", "ParlorClient", "StatsSync", "StatsSyncDevice", Products.dependencies],
            swiftSettings: strict),
        .target(
            name: "PubGamesFeature", dependencies: ["AppFoundation", "ParlorClient", "ParlorAPI", Products.dependencies],
            swiftSettings: strict),
        // Faces on iOS: each product's SwiftUI views. Every file is inside `#if canImport(SwiftUI)`,
        // so here they build empty; AppShellTests type-checks them against Apps/SwiftUICheck.
        .target(name: "AppFoundationUI", dependencies: ["AppFoundation"], swiftSettings: strict),
        .target(
            name: "QuortexUI", dependencies: ["AppFoundationUI", "AppFoundation", "QuortexFeature", "Quortex", "ParlorClient"], swiftSettings: strict),
        // Until their screens arrive, these show the shared sign-in and a placeholder home only.
        .target(name: "PartyUI", dependencies: ["AppFoundationUI", "AppFoundation"], swiftSettings: strict),
        .target(name: "TopDogUI", dependencies: ["AppFoundationUI", "AppFoundation"], swiftSettings: strict),
        .target(name: "TandemUI", dependencies: ["AppFoundationUI", "AppFoundation"], swiftSettings: strict),
        .target(name: "PubGamesUI", dependencies: ["AppFoundationUI", "AppFoundation"], swiftSettings: strict),
        // Storage: one SQL code path over SQLite and PostgreSQL, with versioned migrations.
        .target(
            name: "ParlorDatabase",
            dependencies: [
                Products.logging, Products.sqlKit, .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ], swiftSettings: strict),
        // Sign-in providers: verifies Apple, Discord and Facebook credentials over HTTP (configurable URLs).
        .target(
            name: "SignInProviders",
            dependencies: [
                Products.asyncHTTPClient, Products.jwtKit, Products.crypto, Products.logging, Products.nioCore, Products.nioHTTP1,
                // Game Center: its key certificate's chain, and the RSA signature GameKit makes.
                Products.x509, Products.asn1, .product(name: "CryptoExtras", package: "swift-crypto"),
            ], swiftSettings: strict),
        // Server, one target per capability; each holds its routes, service, SQL and migrations, and
        // reaches another capability only through that one's package interface. Arrows point down:
        // ParlorServer (the root) assembles them all; Realtime sits on Play; every capability sits
        // on ParlorHTTP (request pipeline, errors, metrics) and reaches users through ParlorAccounts.
        .target(
            name: "ParlorHTTP",
            dependencies: [
                Products.hummingbird,
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"), Products.openAPIRuntime,
                .product(name: "NIOFoundationCompat", package: "swift-nio"), Products.crypto, Products.logging,
                Products.metrics, Products.prometheus,
            ], swiftSettings: strict),
        // The node's event bus: each capability's notices to every node, in process or by PostgreSQL
        // NOTIFY, written together with the change they announce.
        .target(
            name: "ParlorEvents",
            dependencies: [
                "ParlorDatabase", "GameCore", Products.logging, Products.serviceLifecycle, Products.sqlKit,
            ], swiftSettings: strict),
        .target(
            name: "ParlorAccounts",
            dependencies: [
                "ParlorHTTP", "ParlorAPI", "ParlorDatabase", "ParlorEvents", "ParlorMail", "SignInProviders", Products.hummingbird,
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"), Products.asyncHTTPClient, Products.jwtKit,
                Products.crypto, Products.openAPIRuntime, Products.logging, Products.serviceLifecycle,
                // Apple's token endpoints (refresh tokens kept for revocation at account deletion).
                Products.nioCore, Products.nioHTTP1,
            ], swiftSettings: strict),
        // Mail that leaves: the SMTP client, the durable outbox every node drains, the file mailer.
        .target(
            name: "ParlorMail",
            dependencies: [
                "ParlorDatabase", Products.nioCore, Products.nioPosix, Products.nioSSL, Products.sqlKit, Products.logging,
                Products.serviceLifecycle,
            ], swiftSettings: strict),
        .target(
            name: "ParlorMiniApps",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", Products.hummingbird, Products.openAPIRuntime,
            ], swiftSettings: strict),
        .target(
            name: "ParlorSync",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "ParlorEvents", "StatsSync", Products.openAPIRuntime,
            ], swiftSettings: strict),
        .target(
            name: "ParlorPlay",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "ParlorEvents", "GameCore", Products.hummingbird,
                Products.openAPIRuntime, Products.httpTypes, Products.logging, Products.metrics, Products.serviceLifecycle,
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ], swiftSettings: strict),
        // TopDog: player pool, tournaments, the cents ledger, live snake drafts, teams and scoring.
        .target(
            name: "ParlorTopDog",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorEvents", "ParlorAPI", "ParlorDatabase", "BestBall", "GameCore",
                Products.openAPIRuntime, Products.httpTypes, Products.sqlKit, Products.logging, Products.serviceLifecycle,
            ], swiftSettings: strict),
        // Friends, blocks, profiles, leaderboards and achievements over play's and sync's results.
        .target(
            name: "ParlorSocial",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorEvents", "ParlorPlay", "ParlorSync", "ParlorAPI", "ParlorDatabase", "GameCore", "Social", "StatsSync",
                Products.openAPIRuntime, Products.httpTypes, Products.sqlKit, Products.logging,
            ], swiftSettings: strict),
        // Push over APNs: device tokens, preferences, the durable outbox and its HTTP/2 sender.
        .target(
            name: "ParlorNotifications",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorPlay", "ParlorTopDog", "ParlorAPI", "ParlorDatabase", "ApplePush",
                Products.asyncHTTPClient, Products.nioCore, Products.nioHTTP1, Products.crypto,
                Products.openAPIRuntime, Products.sqlKit, Products.logging, Products.serviceLifecycle,
            ], swiftSettings: strict),
        // StoreKit 2 purchases: verified transactions and notifications, entitlements, hints and undos.
        .target(
            name: "ParlorPurchases",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "GameCore", Products.jwtKit, Products.x509,
                Products.asn1, Products.openAPIRuntime, Products.sqlKit, Products.logging,
                Products.httpTypes,
            ], swiftSettings: strict),
        .target(
            name: "ParlorRealtime",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorEvents", "ParlorPlay", "ParlorTopDog", "ParlorSocial", "ParlorSync", "ParlorAPI", "GameCore",
                Products.hummingbird,
                Products.nioCore, Products.nioHTTP1, .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                Products.httpTypes, Products.logging, Products.metrics, Products.serviceLifecycle,
            ], swiftSettings: strict),
        // The application root: assembles the capabilities, their migrations and services.
        // The operator console: server-rendered pages at /console over the admin API, on staff
        // sessions with CSRF tokens and a TOTP second factor.
        .target(
            name: "ParlorConsole",
            dependencies: [
                "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", Products.hummingbird, Products.mustache, Products.crypto,
                Products.openAPIRuntime, Products.sqlKit, Products.prometheus, Products.logging, Products.serviceLifecycle, Products.httpTypes,
            ], swiftSettings: strict),
        .target(
            name: "ParlorServer",
            dependencies: [
                "ParlorConsole", "ParlorHTTP", "ParlorAccounts", "ParlorEvents", "ParlorMiniApps", "ParlorSync", "ParlorPlay", "ParlorRealtime",
                "ParlorTopDog", "ParlorSocial", "ParlorNotifications", "ParlorPurchases", "ParlorAPI", "ParlorDatabase", "ParlorMail", "SignInProviders", "GameCore", Products.hummingbird,
                Products.asyncHTTPClient, Products.openAPIRuntime, Products.logging, Products.prometheus,
                Products.serviceLifecycle, "ProcessStats", "ParlorLinks", Products.sqlKit, Products.httpTypes,
            ], swiftSettings: strict),
        // Tools: the `parlor` command (serve, migrate, admin, bench, per-game tools).
        .executableTarget(
            name: "parlor",
            dependencies: [
                "ParlorServer", "ParlorConsole", "ParlorAccounts", "ParlorEvents", "ParlorTopDog", "ParlorSocial", "ParlorNotifications", "ParlorPurchases", "ParlorPlay", "BestBall",
                "ParlorMail",
                "ApplePush", Products.nioSSL,
                Products.nioHTTP1, Products.nioPosix, "ParlorDatabase", "SignInProviders", "GameCore",
                "StatsSync", "StatsSyncDevice", "ParlorClient", "ParlorAPI", Products.asyncHTTPClient, Products.openAPIAsyncHTTPClient,
                "Quortex", "CrazyEights", "TerminalPlay", "PartyNetwork", "PlayerProfiles", "ProcessStats", Products.hummingbird, Products.hummingbirdWebSocket, Products.argumentParser,
                "AppFoundation", "PartyFeature", "GameSession", "ParlorHTTP",
                Products.serviceLifecycle, .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ], swiftSettings: strict),
        // The load generator: bot games over WebSockets against a running server; a client, so
        // the server binary does not carry it.
        .executableTarget(
            name: "parlor-loadtest",
            dependencies: [
                "ParlorClient", "ParlorAPI", "GameCore", "Quortex", "CrazyEights", Products.asyncHTTPClient,
                Products.openAPIAsyncHTTPClient, Products.openAPIRuntime, Products.nioCore, Products.argumentParser,
                .product(name: "Histogram", package: "hdrhistogram-swift"), "ProcessStats",
                Products.wsClient, Products.logging, Products.nioPosix,
            ], swiftSettings: strict),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore"], swiftSettings: strict),
        .testTarget(name: "CrazyEightsTests", dependencies: ["CrazyEights", "GameCore", "CPUBoundTrait"], swiftSettings: strict),
        .testTarget(name: "BestBallTests", dependencies: ["BestBall", "GameCore"], swiftSettings: strict),
        .testTarget(name: "SocialTests", dependencies: ["Social", "GameCore"], swiftSettings: strict),
        .testTarget(name: "ParlorLinksTests", dependencies: ["ParlorLinks"], swiftSettings: strict),
        .testTarget(name: "ApplePushTests", dependencies: ["ApplePush", Products.crypto], swiftSettings: strict),
        .testTarget(
            name: "PlayerProfilesTests", dependencies: ["PlayerProfiles", "GameCore", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "GameSessionTests",
            dependencies: [
                "GameSession", "CrazyEights", "PlayerProfiles", "GameCore", "TestSupport", Products.compressNIO, Products.nioCore,
            ],
            swiftSettings: strict),
        .testTarget(name: "ProcessStatsTests", dependencies: ["ProcessStats"], swiftSettings: strict),
        .testTarget(
            name: "PartyNetworkTests",
            dependencies: [
                "PartyNetwork", "GameSession", "CrazyEights", "PlayerProfiles", "GameCore", "ParlorTestSupport", "TestSupport", Products.nioCore, Products.nioPosix,
                Products.crypto, Products.nioEmbedded,
            ], swiftSettings: strict),
        // The event bus: notices of any capability, written with their change, heard once per node.
        .testTarget(
            name: "ParlorEventsTests",
            dependencies: ["ParlorEvents", "ParlorDatabase", "ParlorTestSupport", Products.logging, Products.sqlKit],
            swiftSettings: strict),
        // The real-time capability: its channel handlers on an EmbeddedChannel, its hub behind a bare
        // application with a fake game service, and /ws of the real server against asyncapi.yaml.
        .testTarget(
            name: "ParlorRealtimeTests",
            dependencies: [
                "ParlorRealtime", "ParlorPlay", "ParlorEvents", "ParlorAccounts", "ParlorHTTP", "ParlorAPI", "ParlorClient", "GameCore", "Quortex",
                "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                Products.hummingbird, Products.hummingbirdTesting, Products.httpTypes, Products.logging, Products.nioCore, Products.nioEmbedded,
                Products.nioHTTP1, Products.nioPosix, .product(name: "NIOWebSocket", package: "swift-nio"), Products.serviceLifecycle,
                .product(name: "WSCore", package: "swift-websocket"), .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TerminalPlayTests",
            dependencies: [
                "TerminalPlay", "Quortex", "CrazyEights", "GameCore", "GameSession", "AppFoundation", "QuortexFeature", "PartyFeature", "PlayerProfiles",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "AppFoundationTests",
            dependencies: [
                "AppFoundation", "ParlorClient", "ParlorAPI", "GameCore", Products.dependencies, Products.openAPIRuntime, Products.httpTypes,
                Products.crypto,
                // The online flow against a real server on an ephemeral port.
                "GameSession", "PlayerProfiles", "Quortex", "CrazyEights", "ServerTestSupport",
                "ParlorTestSupport", "TestSupport", Products.hummingbirdTesting, Products.logging, Products.dependenciesTestSupport,
            ],
            swiftSettings: strict),
        .testTarget(
            name: "QuortexFeatureTests",
            dependencies: [
                "QuortexFeature", "AppFoundation", "Quortex", "GameCore", "GameSession", Products.dependencies, Products.dependenciesTestSupport,
                // The screens that talk to the server, against the real one on an ephemeral port.
                "ParlorClient", "ParlorAPI", "PlayerProfiles", "ServerTestSupport", "ParlorTestSupport", "TestSupport", "CPUBoundTrait",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PartyFeatureTests",
            dependencies: [
                "PartyFeature", "AppFoundation", "CrazyEights", "GameCore", "GameSession", "PlayerProfiles", Products.dependencies,
                // The party flows over real TCP, and hybrid play against a real server on an ephemeral port.
                "PartyNetwork", "ParlorClient", "Quortex", "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                Products.hummingbirdTesting, Products.logging, Products.dependenciesTestSupport,
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ProductFeatureTests",
            dependencies: [
                "TopDogFeature", "TandemFeature", "PubGamesFeature", "AppFoundation", "ParlorClient", "StatsSync", "StatsSyncDevice",
                Products.dependencies, Products.openAPIRuntime, Products.httpTypes, Products.dependenciesTestSupport,
            ],
            swiftSettings: strict),
        // The apps' shell, checked where SwiftUI does not exist: the views type-check against the
        // stand-in, and project.yml names only files that exist.
        // The UI targets are dependencies only so that they, and the feature modules under them, are
        // built before the check reads their modules; on Linux they are empty.
        .testTarget(
            name: "AppShellTests",
            dependencies: [
                "TestSupport", .product(name: "Yams", package: "Yams"),
                "AppFoundationUI", "QuortexUI", "PartyUI", "TopDogUI", "TandemUI", "PubGamesUI", "AppFoundation",
            ], swiftSettings: strict),
        // The manifest against the sources: every package module imported is declared, and every one declared imported.
        .testTarget(name: "ManifestTests", dependencies: ["TestSupport"], swiftSettings: strict),
        .testTarget(name: "QuortexTests", dependencies: ["Quortex", "GameCore", "QuortexOracle", "CPUBoundTrait"], swiftSettings: strict),
        // A plain, slow reading of the Quortex rules that the tests hold the fast engine to.
        .target(
            name: "QuortexOracle", dependencies: ["Quortex"], path: "Tests/QuortexOracle",
            swiftSettings: strict + optimisedInDebug),
        .target(name: "CPUBoundTrait", path: "Tests/CPUBoundTrait", swiftSettings: strict),
        .testTarget(name: "CPUBoundTraitTests", dependencies: ["CPUBoundTrait"], swiftSettings: strict),
        .testTarget(
            name: "ParlorDatabaseTests",
            // The product's own migrations are what the migrator is tested with.
            dependencies: ["ParlorDatabase", "ParlorTestSupport", "ServerTestSupport", "TestSupport", "ParlorServer"],
            swiftSettings: strict
        ),
        // The server as a whole: the contract, system routes, the request pipeline, errors, shutdown, logs.
        .testTarget(
            name: "ParlorServerTests",
            dependencies: [
                "ParlorServer", "ParlorConsole", "ParlorHTTP", "ParlorAccounts", "ParlorAPI", "ParlorDatabase", "ParlorNotifications", "GameCore", "Quortex",
                "ServerTestSupport", "ParlorTestSupport",
                "TestSupport", "ParlorLinks", Products.hummingbird, Products.hummingbirdTesting, Products.httpTypes, Products.logging, Products.nioCore,
                .product(name: "NIOFoundationCompat", package: "swift-nio"), Products.openAPIRuntime, Products.sqlKit, Products.serviceLifecycle,
                .product(name: "Yams", package: "Yams"),
            ], swiftSettings: strict),
        // One target per server capability, each against the real application (ServerTestSupport's `withServer`).
        .testTarget(
            name: "ParlorAccountsTests",
            dependencies: [
                "ParlorAccounts", "ParlorHTTP", "ParlorDatabase", "ParlorServer", "SignInProviders", "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                Products.hummingbirdTesting, Products.httpTypes, Products.jwtKit, Products.nioCore, Products.sqlKit,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorMiniAppsTests",
            dependencies: ["ServerTestSupport", "ParlorTestSupport", "TestSupport", Products.httpTypes, Products.jwtKit], swiftSettings: strict),
        .testTarget(
            name: "ParlorPlayTests",
            dependencies: [
                "ParlorPlay", "ParlorEvents", "ParlorServer", "ParlorAccounts", "ParlorAPI", "ParlorClient", "ParlorDatabase", "GameCore", "Quortex", "CrazyEights",
                "ServerTestSupport", "ParlorTestSupport", "TestSupport", Products.hummingbirdTesting, Products.httpTypes, Products.logging,
                Products.nioCore, .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "PostgresNIO", package: "postgres-nio"),
                Products.sqlKit, Products.serviceLifecycle, .product(name: "WSCore", package: "swift-websocket"),
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorTopDogTests",
            dependencies: [
                "ParlorTopDog", "BestBall", "ParlorServer", "ParlorDatabase", "ParlorAccounts", "ServerTestSupport", "ParlorTestSupport", "TestSupport", Products.hummingbirdTesting,
                Products.httpTypes, Products.nioCore, Products.sqlKit,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorSocialTests",
            dependencies: [
                "ParlorSocial", "ParlorPlay", "ParlorDatabase", "Social", "GameCore", "Quortex", "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                Products.hummingbirdTesting, Products.httpTypes, Products.nioCore, Products.sqlKit,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorSyncTests",
            dependencies: [
                "StatsSync", "StatsSyncDevice", "ParlorAccounts", "ParlorAPI", "ParlorClient", "ServerTestSupport", "ParlorTestSupport", "TestSupport", Products.asyncHTTPClient,
                Products.hummingbird, Products.hummingbirdTesting, Products.httpTypes, Products.nioCore,
                .product(name: "NIOFoundationCompat", package: "swift-nio"), Products.nioHTTP1, Products.sqlKit,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorPurchasesTests",
            dependencies: [
                "ParlorPurchases", "ParlorAccounts", "ParlorPlay", "ParlorDatabase", "ServerTestSupport", "ParlorTestSupport", "TestSupport", Products.hummingbirdTesting,
                Products.httpTypes, Products.nioCore, Products.sqlKit, Products.crypto, Products.asn1, Products.x509,
            ], swiftSettings: strict),
        // The SMTP client against a local aiosmtpd (Tests/Tools/smtp_server.py) and the outbox on both databases.
        .testTarget(
            name: "ParlorMailTests",
            dependencies: [
                "ParlorMail", "ParlorAccounts", "ParlorServer", "ParlorDatabase", "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                Products.crypto, Products.httpTypes, Products.logging, Products.nioSSL, Products.sqlKit, Products.x509,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorNotificationsTests",
            dependencies: [
                "ParlorNotifications", "ApplePush", "ParlorAccounts", "ParlorServer", "ParlorTopDog", "ParlorDatabase", "GameCore", "ServerTestSupport",
                "ParlorTestSupport", "TestSupport", Products.asyncHTTPClient, Products.hummingbirdTesting, Products.httpTypes, Products.logging,
                Products.nioSSL, Products.sqlKit,
            ], swiftSettings: strict),
        // The SDK's own behaviour (sessions, refresh, the offline queue, resume, the move path)
        // against the real server on an ephemeral port.
        .testTarget(
            name: "ParlorClientTests",
            dependencies: [
                "ParlorClient", "ParlorAPI", "ParlorHTTP", "ServerTestSupport", "ParlorTestSupport", "TestSupport",
                "GameCore", "GameSession", "Quortex", Products.hummingbird, Products.hummingbirdTesting, Products.openAPIRuntime,
                Products.openAPIAsyncHTTPClient, Products.asyncHTTPClient, Products.httpTypes, Products.nioCore,
            ], swiftSettings: strict),
        .testTarget(
            name: "StatsSyncTests",
            dependencies: [
                "StatsSync", "StatsSyncDevice", "TestSupport",
            ], swiftSettings: strict),
        .testTarget(
            name: "SignInProvidersTests",
            dependencies: [
                "SignInProviders", "ParlorTestSupport", Products.asyncHTTPClient, Products.jwtKit,
            ], swiftSettings: strict),
        .testTarget(
            name: "ParlorCommandTests",
            // Depends on the executables so that `swift test` builds the binaries these tests run.
            dependencies: [
                "parlor", "parlor-loadtest", "ParlorServer", "ParlorDatabase", "ParlorTestSupport", "TestSupport", "CrazyEights",
                "GameCore", "ParlorAPI", "ParlorClient", Products.hummingbirdTesting,
            ], swiftSettings: strict),
        // Helpers for tests of the server: `withServer` (the real application on a fresh database,
        // configured per test, with fakes), databases with every capability's tables, shared clients.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "ParlorServer", "ParlorHTTP", "ParlorAccounts", "ParlorDatabase", "ParlorNotifications", "ParlorPurchases", "ApplePush", "BestBall", "StatsSync", "SignInProviders",
                "GameCore", "Quortex", "CrazyEights", "ParlorTestSupport", "TestSupport", Products.asyncHTTPClient, Products.hummingbird,
                Products.hummingbirdTesting, .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"), Products.httpTypes,
                Products.jwtKit, Products.logging, Products.nioCore, .product(name: "NIOFoundationCompat", package: "swift-nio"), Products.nioHTTP1,
                Products.nioSSL, .product(name: "NIOWebSocket", package: "swift-nio"), Products.openAPIRuntime, Products.sqlKit,
            ],
            path: "Tests/ServerTestSupport",
            swiftSettings: strict
        ),
        // Shared test helpers: the SQLite/PostgreSQL matrix and the fakes (APNs, App Store, sign-in
        // providers, certificates).
        .target(
            name: "ParlorTestSupport",
            dependencies: [
                "ParlorDatabase", "TestSupport", Products.logging, Products.hummingbird, Products.jwtKit, Products.crypto,
                .product(name: "CryptoExtras", package: "swift-crypto"), Products.serviceLifecycle, Products.nioCore,
                Products.httpTypes, .product(name: "HummingbirdHTTP2", package: "hummingbird"), Products.nioSSL, Products.x509, Products.asn1,
                Products.nioPosix, Products.dependencies, Products.dependenciesTestSupport,
            ], path: "Tests/ParlorTestSupport", swiftSettings: strict),
        // Light test helpers for every target, device-side ones included: temporary directories,
        // `eventually`, a recorded log, a manual clock. Nothing of the server, databases or TLS.
        .target(name: "TestSupport", dependencies: [Products.logging], path: "Tests/TestSupport", swiftSettings: strict),
    ]
)
