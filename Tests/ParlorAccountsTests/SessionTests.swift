import Foundation
import HTTPTypes
import JWTKit
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

@Suite struct SessionTests {
    @Test(arguments: TestDatabaseKind.available)
    func refreshRotatesAndReuseRevokesTheWholeSession(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let first = try await server.register("judy")
            let firstRefresh = try #require(first["refresh_token"])
            let second = try await server.call("/auth/refresh", ["refresh_token": firstRefresh])
            #expect(second.status == .ok)
            let secondRefresh = try #require(second["refresh_token"])
            #expect(secondRefresh != firstRefresh)
            #expect(second.user["username"] as? String == "judy")

            // The first token again: a copy leaked. Everything descended from that sign-in dies.
            let replay = try await server.call("/auth/refresh", ["refresh_token": firstRefresh])
            #expect(replay.status == .unauthorized)
            #expect(replay.errorCode == "refresh_token_reused")
            let descendant = try await server.call("/auth/refresh", ["refresh_token": secondRefresh])
            #expect(descendant.status == .unauthorized)
            #expect(descendant.errorCode == "session_ended")
            let access = try await server.call("/users/me", method: .get, token: second["access_token"])
            #expect(access.status == .unauthorized)
            #expect(access.errorCode == "session_ended")

            // Another sign-in of the same user is another session and is untouched.
            let other = try await server.call("/auth/login", ["login": "judy", "password": "correct horse battery"])
            #expect(try await server.call("/users/me", method: .get, token: other["access_token"]).status == .ok)
        }
    }

    @Test func unknownAndMalformedRefreshTokensAreRefused() async throws {
        try await withAccountsServer { server in
            let unknown = try await server.call("/auth/refresh", ["refresh_token": "not-a-token"])
            #expect(unknown.status == .unauthorized)
            #expect(unknown.errorCode == "invalid_refresh_token")
            let empty = try await server.call("/auth/refresh", ["refresh_token": ""])
            #expect(empty.invalidFields == ["refresh_token"])
            #expect(try await server.call("/auth/refresh", [:]).status == .badRequest)
        }
    }

    @Test func sessionsExpireWithoutRefresh() async throws {
        try await withAccountsServer({ $0.refreshTokenLifetime = .seconds(3600) }) { server in
            let signedIn = try await server.register("kim")
            server.clock.advance(seconds: 3601)
            let late = try await server.call("/auth/refresh", ["refresh_token": signedIn["refresh_token"] ?? ""])
            #expect(late.status == .unauthorized)
            #expect(late.errorCode == "session_ended")
        }
    }

    @Test func accessTokensExpireAndAreCheckedStrictly() async throws {
        try await withAccountsServer { server in
            let signedIn = try await server.register("liam")
            let token = try #require(signedIn["access_token"])
            #expect(try await server.call("/users/me", method: .get, token: token).status == .ok)

            var parts = token.split(separator: ".").map(String.init)
            parts[2] = String(parts[2].reversed())
            let tampered = try await server.call("/users/me", method: .get, token: parts.joined(separator: "."))
            #expect(tampered.status == .unauthorized)
            #expect(tampered.errorCode == "invalid_token")
            #expect(tampered.headers[.wwwAuthenticate] == "Bearer")

            for header in ["Bearer", "Basic abc", "token \(token)", "Bearer not.a.jwt"] {
                let reply = try await server.call("/users/me", method: .get, headers: [.authorization: header])
                #expect(reply.status == .unauthorized, "\(header)")
            }
            #expect(try await server.call("/users/me", method: .get).errorCode == "unauthorized")

            server.clock.advance(seconds: 15 * 60 + 31)
            let expired = try await server.call("/users/me", method: .get, token: token)
            #expect(expired.status == .unauthorized)
            #expect(expired.errorCode == "token_expired")
            let refreshed = try await server.call("/auth/refresh", ["refresh_token": signedIn["refresh_token"] ?? ""])
            #expect(try await server.call("/users/me", method: .get, token: refreshed["access_token"]).status == .ok)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func logoutEndsOneSessionAndLogoutAllEndsEvery(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let phone = try await server.register("mia")
            let tablet = try await server.call("/auth/login", ["login": "mia", "password": "correct horse battery"])
            let laptop = try await server.call("/auth/login", ["login": "mia", "password": "correct horse battery"])

            #expect(try await server.call("/auth/logout", token: phone["access_token"]).status == .noContent)
            #expect(try await server.call("/users/me", method: .get, token: phone["access_token"]).status == .unauthorized)
            #expect(try await server.call("/auth/refresh", ["refresh_token": phone["refresh_token"] ?? ""]).status == .unauthorized)
            #expect(try await server.call("/users/me", method: .get, token: tablet["access_token"]).status == .ok)

            #expect(try await server.call("/auth/logout-all", token: tablet["access_token"]).status == .noContent)
            for device in [tablet, laptop] {
                #expect(try await server.call("/users/me", method: .get, token: device["access_token"]).status == .unauthorized)
                #expect(try await server.call("/auth/refresh", ["refresh_token": device["refresh_token"] ?? ""]).status == .unauthorized)
            }
            #expect(try await server.call("/auth/logout").status == .unauthorized)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func tokensVerifyOfflineAgainstTheJWKSAndSurviveKeyRotation(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind, { $0.keyRotationInterval = .seconds(3600) }) { server in
            let before = try await server.register("noah")
            let oldToken = try #require(before["access_token"])
            let firstSet = try await server.call("/.well-known/jwks.json", method: .get)
            let firstKeys = try #require(firstSet.json["keys"] as? [[String: any Sendable]])
            #expect(firstKeys.count == 1)

            // An hour later the key is due: the next token is signed by a new key; both are published.
            server.clock.advance(seconds: 3601)
            let refreshed = try await server.call("/auth/refresh", ["refresh_token": before["refresh_token"] ?? ""])
            let newToken = try #require(refreshed["access_token"])
            let secondSet = try await server.call("/.well-known/jwks.json", method: .get)
            let kids = (secondSet.json["keys"] as? [[String: any Sendable]] ?? []).compactMap { $0["kid"] as? String }
            #expect(kids.count == 2)
            #expect(Set(kids).contains(firstKeys.first?["kid"] as? String ?? ""))

            // Offline verification with nothing but the published set, as a mini app would.
            let keys = try await JWTKeyCollection().add(jwks: JSONDecoder().decode(JWKS.self, from: secondSet.data))
            let verified = try await keys.verify(newToken, as: OfflineClaims.self)
            #expect(verified.sub == refreshed.user["id"] as? String)
            #expect(verified.aud == "parlor")
            #expect(verified.iss == "http://127.0.0.1:8080")
            _ = try await keys.verify(oldToken, as: OfflineClaims.self)

            // A day after the rotation the old key is no longer published.
            server.clock.advance(seconds: 24 * 3600 + 1)
            let thirdSet = try await server.call("/.well-known/jwks.json", method: .get)
            let remaining = (thirdSet.json["keys"] as? [[String: any Sendable]] ?? []).compactMap { $0["kid"] as? String }
            #expect(!remaining.contains(firstKeys.first?["kid"] as? String ?? ""))
        }
    }
}
