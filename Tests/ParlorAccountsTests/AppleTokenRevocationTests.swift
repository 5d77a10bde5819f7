import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// Apple refresh tokens: traded for at sign-in, revoked (through the outbox and its drain) when
/// the account is deleted, against a fake of Apple's token endpoints over TLS that checks the
/// client secret's signature and claims.
@Suite struct AppleTokenRevocationTests {
    private func signIn(_ server: AccountsHarness, subject: String = "apple-sub-r", code: String?) async throws -> Reply {
        let token = try await server.fakes.appleToken(sub: subject, aud: AccountsHarness.appleClientID, nonce: "n")
        var body: [String: any Sendable] = ["identity_token": token, "nonce": "n"]
        if let code { body["authorization_code"] = code }
        return try await server.call("/auth/apple", body)
    }

    private func storedTokens(_ server: AccountsHarness, table: String) async throws -> [String] {
        try await server.database.withConnection { sql in
            try await sql.select().column("refresh_token").from(table).all().map { try $0.decode(column: "refresh_token", as: String.self) }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func theCodeIsTradedAndDeletionRevokesTheToken(kind: TestDatabaseKind) async throws {
        try await withAppleTokensServer(kind: kind) { server, fake in
            let (code, refreshToken) = fake.authorizationCode()
            let signedIn = try await signIn(server, code: code)
            #expect(signedIn.status == .ok, "\(signedIn.json)")
            #expect(fake.exchanges.map(\.value) == [code])
            #expect(fake.exchanges.allSatisfy { $0.secretValid && $0.clientID == AccountsHarness.appleClientID && $0.status == 200 })
            let kept = try await storedTokens(server, table: "apple_tokens")
            #expect(kept.count == 1)
            #expect(kept.allSatisfy { $0.hasPrefix("enc:v1:") && !$0.contains(refreshToken) }, "kept sealed")
            #expect(fake.revocations.isEmpty, "nothing is revoked while the account lives")

            let deleted = try await server.call("/users/me", method: .delete, token: signedIn["access_token"])
            #expect(deleted.status == .noContent)
            #expect(try await server.count("apple_tokens") == 0)
            #expect(await eventually { fake.revocations.contains { $0.status == 200 } })
            let revocation = try #require(fake.revocations.first)
            #expect(revocation.value == refreshToken)
            #expect(revocation.clientID == AccountsHarness.appleClientID)
            #expect(revocation.tokenTypeHint == "refresh_token")
            #expect(revocation.secretValid)
            #expect(await eventually { (try? await server.count("apple_token_revocations")) == 0 })
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aFailingRevocationIsRetriedAndItsRowHoldsNothingOfTheUser(kind: TestDatabaseKind) async throws {
        try await withAppleTokensServer(kind: kind, { $0.backoff = .milliseconds(400) }) { server, fake in
            fake.failRevocations(2)
            let (code, refreshToken) = fake.authorizationCode()
            let signedIn = try await signIn(server, subject: "apple-sub-retry", code: code)
            let userID = try #require(signedIn.user["id"] as? String)
            #expect(try await server.call("/users/me", method: .delete, token: signedIn["access_token"]).status == .noContent)
            #expect(await eventually { fake.revocations.count == 1 })
            // Waiting for its retry: the row outlived the account, and says nothing of whose it was.
            let rows = try await server.database.withConnection { sql in try await sql.select().column(SQLLiteral.all).from("apple_token_revocations").all() }
            #expect(rows.count == 1)
            for row in rows {
                #expect(Set(row.allColumns) == ["id", "client_id", "refresh_token", "attempts", "due_at", "claimed_until", "created_at"])
                let sealed = try row.decode(column: "refresh_token", as: String.self)
                #expect(!sealed.contains(refreshToken) && !sealed.contains(userID) && !sealed.contains("apple-sub-retry"))
            }
            #expect(await eventually { fake.revocations.last?.status == 200 })
            #expect(fake.revocations.map(\.status) == [503, 503, 200])
            #expect(fake.revocations.allSatisfy { $0.value == refreshToken && $0.secretValid })
            #expect(await eventually { (try? await server.count("apple_token_revocations")) == 0 })
        }
    }

    @Test func aRevocationThatKeepsFailingIsGivenUp() async throws {
        try await withAppleTokensServer({ $0.maximumAttempts = 2 }) { server, fake in
            fake.failRevocations(100)
            let (code, _) = fake.authorizationCode()
            let signedIn = try await signIn(server, code: code)
            #expect(try await server.call("/users/me", method: .delete, token: signedIn["access_token"]).status == .noContent)
            #expect(await eventually { (try? await server.count("apple_token_revocations")) == 0 })
            #expect(fake.revocations.count == 2)
        }
    }

    @Test func aFailedExchangeDoesNotBlockTheSignIn() async throws {
        try await withAppleTokensServer { server, fake in
            let reply = try await signIn(server, code: "a-code-apple-never-issued")
            #expect(reply.status == .ok, "\(reply.json)")
            #expect(fake.exchanges.map(\.status) == [400])
            #expect(try await server.count("apple_tokens") == 0)
            #expect(try await server.count("users") == 1)
        }
    }

    @Test func withoutSettingsNothingIsTradedOrRevoked() async throws {
        try await withAppleTokensServer(configured: false) { server, fake in
            let (code, _) = fake.authorizationCode()
            let signedIn = try await signIn(server, code: code)
            #expect(signedIn.status == .ok)
            #expect(try await server.call("/users/me", method: .delete, token: signedIn["access_token"]).status == .noContent)
            try await Task.sleep(for: .milliseconds(300))
            #expect(fake.received.isEmpty)
            #expect(try await server.count("apple_tokens") == 0)
            #expect(try await server.count("apple_token_revocations") == 0)
        }
    }

    @Test func aBadAuthorizationCodeFieldIsRefused() async throws {
        try await withAppleTokensServer { server, fake in
            let reply = try await signIn(server, code: String(repeating: "c", count: 1025))
            #expect(reply.status == .badRequest)
            #expect(fake.received.isEmpty)
            #expect(try await server.count("users") == 0)
        }
    }
}
