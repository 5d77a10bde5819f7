import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import SignInProviders
import Testing

/// `POST /auth/gamecenter` against a fake Game Center key host over HTTPS: GameKit's signature
/// verified end to end, and every way a signature can be wrong refused with nothing written.
@Suite struct GameCenterSignInTests {
    /// A request as GameKit's `fetchItems(forIdentityVerificationSignature:)` would let the app make it.
    static func request(
        _ fake: FakeGameCenter, player: String = "T:_player-1", bundle: String = gameCenterBundleID, key: String? = nil,
        at time: Date = Date(), salt: [UInt8] = Array("salt-1234".utf8)
    ) throws -> [String: any Sendable] {
        let timestamp = UInt64(time.timeIntervalSince1970 * 1000)
        return [
            "player_id": player, "bundle_id": bundle, "public_key_url": key ?? fake.keyURL(),
            "signature": try fake.sign(playerID: player, bundleID: bundle, timestamp: timestamp, salt: salt),
            "salt": Data(salt).base64EncodedString(), "timestamp": Int64(timestamp),
        ]
    }

    private static func providers(_ reply: Reply) -> [String] {
        (reply.user["identities"] as? [[String: any Sendable]] ?? []).compactMap { $0["provider"] as? String }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aGoodSignatureSignsInAndASecondSignsTheSameAccountIn(kind: TestDatabaseKind) async throws {
        try await withGameCenterServer(kind: kind) { server, fake in
            var body = try Self.request(fake)
            body["display_name"] = "Gemma"
            let first = try await server.call("/auth/gamecenter", body)
            #expect(first.status == .ok, "\(first.json)")
            #expect(first.json["is_new_user"] as? Bool == true)
            #expect(first.user["display_name"] as? String == "Gemma")
            #expect(Self.providers(first) == ["gamecenter"])

            let second = try await server.call("/auth/gamecenter", try Self.request(fake, salt: Array("other salt".utf8)))
            #expect(second.status == .ok)
            #expect(second.json["is_new_user"] as? Bool == false)
            #expect(second.user["id"] as? String == first.user["id"] as? String)
            #expect(try await server.count("users") == 1)
            #expect(fake.fetches == 1, "the key certificate is cached by URL")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aSignedInUserLinksGameCenter(kind: TestDatabaseKind) async throws {
        try await withGameCenterServer(kind: kind) { server, fake in
            let guest = try await server.guest()
            let guestID = try #require(guest.user["id"] as? String)
            let linked = try await server.call("/auth/gamecenter", try Self.request(fake), token: guest["access_token"])
            #expect(linked.status == .ok, "\(linked.json)")
            #expect(linked.user["id"] as? String == guestID)
            #expect(Self.providers(linked) == ["device", "gamecenter"])
            // Later, Game Center alone reaches the same account.
            #expect(try await server.call("/auth/gamecenter", try Self.request(fake)).user["id"] as? String == guestID)
            #expect(try await server.count("users") == 1)

            let other = try await server.guest()
            let stolen = try await server.call("/auth/gamecenter", try Self.request(fake), token: other["access_token"])
            #expect(stolen.status == .conflict)
            #expect(stolen.errorCode == "identity_in_use")
        }
    }

    enum BadSignature: String, CaseIterable, Sendable {
        case keyURLNotHTTPS, keyURLNotAppleHost, keyURLWithCredentials, keyURLMissing, chainToAnotherRoot, expiredCertificate,
            signatureOverOtherBytes, signatureForAnotherPlayer, bundleNotConfigured, staleTimestamp, futureTimestamp
    }

    @Test(arguments: BadSignature.allCases)
    func aBadSignatureIsRefusedAndCreatesNothing(_ bad: BadSignature) async throws {
        try await withGameCenterServer { server, fake in
            var body = try Self.request(fake)
            let expected: String
            switch bad {
            case .keyURLNotHTTPS:
                body = try Self.request(fake, key: "http://localhost:\(fake.port)/public-key/good.cer")
                expected = "not https"
            case .keyURLNotAppleHost:
                body = try Self.request(fake, key: "https://127.0.0.1:\(fake.port)/public-key/good.cer")
                expected = "not on an Apple host"
            case .keyURLWithCredentials:
                body = try Self.request(fake, key: "https://localhost@127.0.0.1:\(fake.port)/public-key/good.cer")
                expected = "not on an Apple host"
            case .keyURLMissing:
                body = try Self.request(fake, key: fake.keyURL("missing"))
                expected = "answered HTTP 404"
            case .chainToAnotherRoot:
                body = try Self.request(fake, key: fake.keyURL("stranger"))
                expected = "does not chain to a trusted root"
            case .expiredCertificate:
                body = try Self.request(fake, key: fake.keyURL("expired"))
                expected = "expired"
            case .signatureOverOtherBytes:
                body["salt"] = Data("a different salt".utf8).base64EncodedString()
                expected = "signature does not verify"
            case .signatureForAnotherPlayer:
                body["player_id"] = "T:_someone-else"
                expected = "signature does not verify"
            case .bundleNotConfigured:
                body = try Self.request(fake, bundle: "com.someone.else")
                expected = "bundle id"
            case .staleTimestamp:
                body = try Self.request(fake, at: Date().addingTimeInterval(-6 * 60))
                expected = "within 5 minutes"
            case .futureTimestamp:
                body = try Self.request(fake, at: Date().addingTimeInterval(6 * 60))
                expected = "within 5 minutes"
            }
            let reply = try await server.call("/auth/gamecenter", body)
            #expect(reply.status == .unauthorized, "\(reply.json)")
            #expect(reply.errorCode == "invalid_credentials")
            let message = (reply.json["error"] as? [String: any Sendable])?["message"] as? String ?? ""
            #expect(message.contains(expected), "\(message)")
            #expect(try await server.count("users") == 0)
            #expect(try await server.count("auth_sessions") == 0)
        }
    }

    @Test func malformedFieldsAreRefusedBeforeAnythingIsFetched() async throws {
        try await withGameCenterServer { server, fake in
            let good = try Self.request(fake)
            for (field, value) in [("signature", "not base64!"), ("salt", "***"), ("signature", ""), ("player_id", "")] as [(String, String)] {
                var body = good
                body[field] = value
                let reply = try await server.call("/auth/gamecenter", body)
                #expect(reply.status == .badRequest, "\(field): \(reply.json)")
                #expect(reply.invalidFields.contains(field), "\(field): \(reply.json)")
            }
            var negative = good
            negative["timestamp"] = -1
            #expect(try await server.call("/auth/gamecenter", negative).status == .badRequest)
            #expect(fake.fetches == 0)
            #expect(try await server.count("users") == 0)
        }
    }

    @Test func anUnreachableKeyHostIsABadGatewayNotABadCredential() async throws {
        try await withGameCenterServer { server, fake in
            // Nothing listens on port 9 of localhost: Apple being down is not the player's fault.
            let reply = try await server.call("/auth/gamecenter", try Self.request(fake, key: "https://localhost:9/public-key/good.cer"))
            #expect(reply.status == .badGateway, "\(reply.json)")
            #expect(reply.errorCode == "provider_unavailable")
            #expect(try await server.count("users") == 0)
        }
    }

    @Test func withoutSettingsTheMethodIsNotOffered() async throws {
        try await withGameCenterServer({ $0.gameCenter = .init() }) { server, fake in
            let reply = try await server.call("/auth/gamecenter", try Self.request(fake))
            #expect(reply.status == .notFound)
            #expect(reply.errorCode == "provider_not_configured")
            #expect(fake.fetches == 0)
        }
    }
}
