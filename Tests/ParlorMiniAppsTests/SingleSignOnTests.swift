import Foundation
import HTTPTypes
import JWTKit
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// Launch codes, their exchange by a mini app's backend, and introspection.
@Suite struct SingleSignOnTests {
    /// An admin-made app and its secret.
    private func makeApp(_ server: AccountsHarness, id: String = "trivia") async throws -> String {
        var body = MiniAppCatalogueTests.trivia
        body["id"] = id
        let created = try await server.call("/admin/miniapps", body, token: try await server.admin())
        return try #require(created["client_secret"])
    }

    @Test(arguments: TestDatabaseKind.available)
    func aLaunchCodeIsExchangedOnceForAnAppScopedToken(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let secret = try await makeApp(server)
            let player = try await server.register("gina")
            let launch = try await server.call("/miniapps/trivia/launch", [:], token: player["access_token"])
            #expect(launch.status == .ok)
            let code = try #require(launch["code"])
            #expect(launch["url"] == "https://trivia.example.com/play?code=\(code)")
            #expect(launch.json["expires_in"] as? Int == 60)

            let exchanged = try await server.call("/sso/exchange", ["code": code], basic: ("trivia", secret))
            #expect(exchanged.status == .ok)
            #expect(exchanged.user["username"] as? String == "gina")
            #expect(exchanged.user["email"] == nil, "apps get public fields only")
            let appToken = try #require(exchanged["access_token"])

            // The app verifies the token offline against the published keys; its audience is the app.
            let jwks = try await server.call("/.well-known/jwks.json", method: .get)
            let keys = try await JWTKeyCollection().add(jwks: JSONDecoder().decode(JWKS.self, from: jwks.data))
            let claims = try await keys.verify(appToken, as: OfflineClaims.self)
            #expect(claims.aud == "trivia")
            #expect(claims.sub == player.user["id"] as? String)
            // It is not a Parlor access token.
            #expect(try await server.call("/users/me", method: .get, token: appToken).status == .unauthorized)

            let replay = try await server.call("/sso/exchange", ["code": code], basic: ("trivia", secret))
            #expect(replay.status == .badRequest)
            #expect(replay.errorCode == "invalid_grant")
        }
    }

    @Test func codesExpireAndAreBoundToTheirApp() async throws {
        try await withAccountsServer { server in
            let triviaSecret = try await makeApp(server)
            let dartsSecret = try await makeApp(server, id: "darts")
            let player = try await server.guest()
            let token = player["access_token"]

            let forTrivia = try #require(try await server.call("/miniapps/trivia/launch", [:], token: token)["code"])
            let stolen = try await server.call("/sso/exchange", ["code": forTrivia], basic: ("darts", dartsSecret))
            #expect(stolen.errorCode == "invalid_grant")

            let late = try #require(try await server.call("/miniapps/trivia/launch", [:], token: token)["code"])
            server.clock.advance(seconds: 61)
            #expect(try await server.call("/sso/exchange", ["code": late], basic: ("trivia", triviaSecret)).errorCode == "invalid_grant")

            let loggedOut = try #require(try await server.call("/miniapps/trivia/launch", [:], token: token)["code"])
            #expect(try await server.call("/auth/logout", token: token).status == .noContent)
            #expect(try await server.call("/sso/exchange", ["code": loggedOut], basic: ("trivia", triviaSecret)).errorCode == "invalid_grant")
        }
    }

    @Test func appsAuthenticateWithTheirCurrentSecret() async throws {
        try await withAccountsServer { server in
            let secret = try await makeApp(server)
            let player = try await server.guest()
            let code = try #require(try await server.call("/miniapps/trivia/launch", [:], token: player["access_token"])["code"])
            for credentials in [("trivia", "wrong"), ("nope", secret), ("trivia", "")] {
                let reply = try await server.call("/sso/exchange", ["code": code], basic: credentials)
                #expect(reply.status == .unauthorized)
                #expect(reply.errorCode == "invalid_client")
                #expect(reply.headers[.wwwAuthenticate]?.hasPrefix("Basic") == true)
            }
            #expect(try await server.call("/sso/exchange", ["code": code]).errorCode == "invalid_client")

            let rotated = try await server.call("/admin/miniapps/trivia/secret", token: try await server.admin())
            let newSecret = try #require(rotated["client_secret"])
            #expect(try await server.call("/sso/exchange", ["code": code], basic: ("trivia", secret)).errorCode == "invalid_client")
            #expect(try await server.call("/sso/exchange", ["code": code], basic: ("trivia", newSecret)).status == .ok)
        }
    }

    @Test func launchTargetsMustStayWithinTheAppsOrigins() async throws {
        try await withAccountsServer { server in
            _ = try await makeApp(server)
            let token = try await server.guest()["access_token"]
            let deep = try await server.call("/miniapps/trivia/launch", ["target_url": "https://trivia.example.com/rooms/7#top"], token: token)
            #expect(deep["url"]?.hasPrefix("https://trivia.example.com/rooms/7?code=") == true)
            #expect(deep["url"]?.hasSuffix("#top") == true)
            let away = try await server.call("/miniapps/trivia/launch", ["target_url": "https://evil.example.com/"], token: token)
            #expect(away.invalidFields == ["target_url"])
            #expect(try await server.call("/miniapps/nothing/launch", [:], token: token).status == .notFound)
            #expect(try await server.call("/admin/miniapps/trivia", ["enabled": false], method: .put, token: try await server.admin()).status == .ok)
            #expect(try await server.call("/miniapps/trivia/launch", [:], token: token).status == .notFound)
            #expect(try await server.count("sso_codes") == 1)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func introspectionReportsLiveTokensOfTheCallingAppOnly(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let triviaSecret = try await makeApp(server)
            let dartsSecret = try await makeApp(server, id: "darts")
            let player = try await server.register("hana")
            let code = try #require(try await server.call("/miniapps/trivia/launch", [:], token: player["access_token"])["code"])
            let appToken = try #require(try await server.call("/sso/exchange", ["code": code], basic: ("trivia", triviaSecret))["access_token"])

            let active = try await server.call("/sso/introspect", ["token": appToken], basic: ("trivia", triviaSecret))
            #expect(active.json["active"] as? Bool == true)
            #expect(active["sub"] == player.user["id"] as? String)
            #expect(active["username"] == "hana")
            #expect(active["aud"] == "trivia")

            for (token, app) in [(appToken, ("darts", dartsSecret)), (player["access_token"] ?? "", ("trivia", triviaSecret)), ("garbage", ("trivia", triviaSecret))] {
                let reply = try await server.call("/sso/introspect", ["token": token], basic: app)
                #expect(reply.status == .ok)
                #expect(reply.json["active"] as? Bool == false)
                #expect(reply.json["sub"] == nil)
            }
            #expect(try await server.call("/auth/logout", token: player["access_token"]).status == .noContent)
            let ended = try await server.call("/sso/introspect", ["token": appToken], basic: ("trivia", triviaSecret))
            #expect(ended.json["active"] as? Bool == false, "signing out of Parlor ends the app's session too")
            #expect(try await server.call("/sso/introspect", ["token": appToken]).status == .unauthorized)
        }
    }

    @Test func theDemoAppRunsTheWholeFlow() async throws {
        try await withAccountsServer { server in
            let page = try await server.call("/miniapps/demo", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(String(decoding: page.data, as: UTF8.self).contains("/miniapps/demo/session"))

            let player = try await server.register("ivy")
            let launch = try await server.call("/miniapps/demo/launch", [:], token: player["access_token"])
            #expect(launch["url"]?.hasPrefix("http://127.0.0.1:8080/miniapps/demo?code=") == true)
            let session = try await server.call("/miniapps/demo/session", ["code": launch["code"] ?? ""])
            #expect(session.status == .ok)
            #expect(session.user["username"] as? String == "ivy")
            #expect(try await server.call("/miniapps/demo/session", ["code": launch["code"] ?? ""]).errorCode == "invalid_grant")
        }
    }
}
