import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import SignInProviders
import Testing

@Suite struct ProviderSignInTests {
    @Test(arguments: TestDatabaseKind.available)
    func appleCreatesTheUserOnceAndSignsInAfterwards(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let token = try await server.fakes.appleToken(
                sub: "001234.apple", aud: AccountsHarness.appleClientID, nonce: "raw-nonce-1", email: "olivia@privaterelay.appleid.com")
            let first = try await server.call("/auth/apple", ["identity_token": token, "nonce": "raw-nonce-1", "display_name": "Olivia"])
            #expect(first.status == .ok)
            #expect(first.json["is_new_user"] as? Bool == true)
            #expect(first.user["display_name"] as? String == "Olivia")
            #expect(first.user["email"] as? String == "olivia@privaterelay.appleid.com")
            #expect(first.user["email_verified"] as? Bool == true)
            let providers = (first.user["identities"] as? [[String: any Sendable]] ?? []).compactMap { $0["provider"] as? String }
            #expect(providers == ["apple"])

            let again = try await server.fakes.appleToken(sub: "001234.apple", aud: AccountsHarness.appleClientID, nonce: "raw-nonce-2")
            let second = try await server.call("/auth/apple", ["identity_token": again, "nonce": "raw-nonce-2"])
            #expect(second.json["is_new_user"] as? Bool == false)
            #expect(second.user["id"] as? String == first.user["id"] as? String)
            #expect(try await server.count("users") == 1)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func concurrentFirstSignInsCreateOneUser(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            var tokens: [String] = []
            for index in 0..<6 {
                tokens.append(try await server.fakes.appleToken(sub: "racer", aud: AccountsHarness.appleClientID, nonce: "n\(index)"))
            }
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                for (index, token) in tokens.enumerated() {
                    group.addTask {
                        // Each on a connection of its own (the test client's one connection would
                        // queue them), with a 60 s bound rather than that client's read timeout.
                        let body = try JSONSerialization.data(withJSONObject: ["identity_token": token, "nonce": "n\(index)"])
                        return try await server.send("/auth/apple", data: body).user["id"] as? String
                    }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(ids.count == 6)
            #expect(Set(ids).count == 1, "\(ids)")
            #expect(!ids.contains(nil))
            #expect(try await server.count("users") == 1)
            #expect(try await server.count("auth_sessions") == 6)
        }
    }

    enum BadAppleToken: String, CaseIterable, Sendable {
        case tampered, wrongAudience, wrongIssuer, expired, wrongNonce, unpublishedKey, unsigned
    }

    @Test(arguments: BadAppleToken.allCases)
    func rejectedAppleTokensCreateNothing(_ bad: BadAppleToken) async throws {
        try await withAccountsServer { server in
            let fakes = server.fakes
            let aud = AccountsHarness.appleClientID
            let token: String =
                switch bad {
                case .tampered: try await fakes.appleToken(sub: "s", aud: aud, nonce: "n", tamper: true)
                case .wrongAudience: try await fakes.appleToken(sub: "s", aud: "com.someone.else", nonce: "n")
                case .wrongIssuer: try await fakes.appleToken(sub: "s", aud: aud, iss: "https://evil.example.com", nonce: "n")
                case .expired: try await fakes.appleToken(sub: "s", aud: aud, nonce: "n", expiresIn: -3600)
                case .wrongNonce: try await fakes.appleToken(sub: "s", aud: aud, nonce: "other")
                case .unpublishedKey: try await fakes.appleToken(sub: "s", aud: aud, nonce: "n", signedWithUnpublishedKey: true)
                case .unsigned: try await fakes.appleToken(sub: "s", aud: aud, nonce: "n", algorithm: .none)
                }
            let reply = try await server.call("/auth/apple", ["identity_token": token, "nonce": "n"])
            #expect(reply.status == .unauthorized)
            #expect(reply.errorCode == "invalid_credentials")
            #expect(try await server.count("users") == 0)
            #expect(try await server.count("auth_sessions") == 0)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aProviderThatIsDownGivesABadGatewayAndCreatesNothing(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let apple = try await server.fakes.appleToken(sub: "s", aud: AccountsHarness.appleClientID, nonce: "n")
            let code = await server.fakes.discordCode(for: FakeDiscordUser(), redirectURI: AccountsHarness.discordRedirect)
            let facebook = await server.fakes.facebookToken(userID: "10", name: "Pat")
            await server.fakes.setDown(true)
            let replies = [
                try await server.call("/auth/apple", ["identity_token": apple, "nonce": "n"]),
                try await server.call("/auth/discord", ["code": code, "redirect_uri": AccountsHarness.discordRedirect]),
                try await server.call("/auth/facebook", ["access_token": facebook]),
            ]
            for reply in replies {
                #expect(reply.status == .badGateway)
                #expect(reply.errorCode == "provider_unavailable")
            }
            #expect(try await server.count("users") == 0)
        }
    }

    @Test func discordWithPKCE() async throws {
        try await withAccountsServer { server in
            let verifier = String(repeating: "v", count: 43)
            let user = FakeDiscordUser(id: "4242", username: "quinn", globalName: "Quinn", email: "quinn@example.com", verified: true)
            let code = await server.fakes.discordCode(for: user, redirectURI: AccountsHarness.discordRedirect, codeVerifier: verifier)
            let reply = try await server.call(
                "/auth/discord", ["code": code, "redirect_uri": AccountsHarness.discordRedirect, "code_verifier": verifier])
            #expect(reply.status == .ok)
            #expect(reply.user["display_name"] as? String == "Quinn")
            #expect((reply.user["avatar_url"] as? String)?.hasPrefix("https://cdn.discordapp.com/avatars/4242/") == true)

            let replay = try await server.call(
                "/auth/discord", ["code": code, "redirect_uri": AccountsHarness.discordRedirect, "code_verifier": verifier])
            #expect(replay.status == .unauthorized, "a code works once")
            let badVerifier = try await server.call(
                "/auth/discord", ["code": "c", "redirect_uri": AccountsHarness.discordRedirect, "code_verifier": "short"])
            #expect(badVerifier.invalidFields == ["code_verifier"])
            let foreignRedirect = try await server.call("/auth/discord", ["code": code, "redirect_uri": "https://evil.example.com/cb"])
            #expect(foreignRedirect.status == .unauthorized)
        }
    }

    @Test func facebookClassicAndLimitedLogin() async throws {
        try await withAccountsServer { server in
            let token = await server.fakes.facebookToken(userID: "555", name: "Rosa", email: "rosa@example.com")
            let classic = try await server.call("/auth/facebook", ["access_token": token])
            #expect(classic.status == .ok)
            #expect(classic.user["display_name"] as? String == "Rosa")

            let limited = try await server.fakes.facebookLimitedToken(sub: "555", aud: server.fakes.facebookAppID, nonce: "fb-nonce")
            let again = try await server.call("/auth/facebook", ["id_token": limited, "nonce": "fb-nonce"])
            #expect(again.status == .ok)
            #expect(again.user["id"] as? String == classic.user["id"] as? String, "both logins name the same Facebook user")

            let invalid = await server.fakes.facebookToken(userID: "556", name: "Sam", isValid: false)
            #expect(try await server.call("/auth/facebook", ["access_token": invalid]).status == .unauthorized)
            let otherApp = await server.fakes.facebookToken(userID: "557", name: "Tom", appID: "someone-else")
            #expect(try await server.call("/auth/facebook", ["access_token": otherApp]).status == .unauthorized)
            let wrongNonce = try await server.call("/auth/facebook", ["id_token": limited, "nonce": "other"])
            #expect(wrongNonce.status == .unauthorized)

            #expect(try await server.call("/auth/facebook", [:]).invalidFields == ["access_token"])
            #expect(try await server.call("/auth/facebook", ["access_token": token, "id_token": limited]).invalidFields == ["access_token"])
            #expect(try await server.call("/auth/facebook", ["id_token": limited]).invalidFields == ["nonce"])
            #expect(try await server.count("users") == 1)
        }
    }

    @Test func unconfiguredProvidersSaySo() async throws {
        try await withAccountsServer({ accounts in
            accounts.apple.clientIDs = []
            accounts.discord.clientID = ""
        }) { server in
            let apple = try await server.call("/auth/apple", ["identity_token": "x.y.z"])
            #expect(apple.status == .notFound)
            #expect(apple.errorCode == "provider_not_configured")
            let discord = try await server.call("/auth/discord", ["code": "c", "redirect_uri": AccountsHarness.discordRedirect])
            #expect(discord.errorCode == "provider_not_configured")
        }
    }
}
