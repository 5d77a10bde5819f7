import Foundation
import ParlorAccounts
import ParlorServer
import ParlorTestSupport
import SignInProviders

/// The bundle id Game Center sign-in accepts in ``withGameCenterServer(kind:_:_:)``.
public let gameCenterBundleID = "com.parlor.quortex"

/// Runs `body` against a fresh server on `kind` that accepts Game Center signatures from
/// `fake`: its key root trusted, `localhost` allowed as Apple's key host, and the server's HTTP
/// client trusting the fake's TLS root (as production's trusts the system's).
public func withGameCenterServer(
    kind: TestDatabaseKind = .sqlite,
    _ adjust: @escaping @Sendable (inout AccountsConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (AccountsHarness, FakeGameCenter) async throws -> Void
) async throws {
    try await FakeGameCenter.run { fake in
        try await withHTTPClient(trusting: fake.tlsRootPEM) { client in
            let configuration = try GameCenterSignInConfiguration(
                bundleIDs: [gameCenterBundleID], certificatesPEM: fake.rootPEM, keyHosts: ["localhost"])
            try await withServer(
                ServerOptions(
                    kind: kind, fakes: .providers,
                    accounts: { accounts in
                        accounts.gameCenter = configuration
                        accounts.rateLimits = .off
                        adjust(&accounts)
                    },
                    services: { $0.httpClient = client })
            ) { server in try await body(AccountsHarness(server), fake) }
        }
    }
}
