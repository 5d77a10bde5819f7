import Foundation
import ParlorAccounts
import ParlorServer
import ParlorTestSupport

/// Runs `body` against a fresh server on `kind` with the fake sign-in providers and a fake of
/// Apple's token endpoints; with `configured`, the server has Apple token settings for that fake
/// (its `.p8` key, team and key id) and drains revocations every 50 ms with a 50 ms first backoff.
public func withAppleTokensServer(
    kind: TestDatabaseKind = .sqlite, configured: Bool = true,
    _ adjust: @escaping @Sendable (inout AppleTokenConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (AccountsHarness, FakeAppleID) async throws -> Void
) async throws {
    try await FakeAppleID.run { fake in
        try await withHTTPClient(trusting: fake.tlsRootPEM) { client in
            var tokens = try AppleTokenConfiguration(teamID: fake.teamID, keyID: fake.keyID, privateKeyPEM: fake.privateKeyPEM, authURL: fake.url)
            tokens.interval = .milliseconds(50)
            tokens.backoff = .milliseconds(50)
            adjust(&tokens)
            let settings = configured ? tokens : nil
            try await withServer(
                ServerOptions(
                    kind: kind, fakes: .providers,
                    accounts: { accounts in
                        accounts.appleTokens = settings
                        accounts.rateLimits = .off
                    },
                    services: { $0.httpClient = client })
            ) { server in try await body(AccountsHarness(server), fake) }
        }
    }
}
