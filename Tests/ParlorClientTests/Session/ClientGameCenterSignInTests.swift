import Foundation
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import ServerTestSupport
import Testing

/// Game Center sign-in through the SDK: GameKit's signature, as the app receives it, signs in and
/// then reaches the same account; a signature for another player is a typed refusal.
@Suite("Client Game Center sign-in", .timeLimit(.minutes(2)))
struct ClientGameCenterSignInTests {
    @Test func gameKitsSignatureSignsInThroughTheClient() async throws {
        try await withGameCenterServer { harness, fake in
            func fresh() -> ParlorClient {
                ParlorClient(serverURL: URL(fileURLWithPath: "/"), transport: TestClientTransport(client: harness.client))
            }
            func signature(player: String, signedFor signer: String? = nil) throws -> ParlorClient.GameCenterSignature {
                let salt = Array("salt-\(UUID().uuidString)".utf8)
                let timestamp = UInt64(Date().timeIntervalSince1970 * 1000)
                let signed = try fake.sign(playerID: signer ?? player, bundleID: gameCenterBundleID, timestamp: timestamp, salt: salt)
                return ParlorClient.GameCenterSignature(
                    playerID: player, bundleID: gameCenterBundleID, publicKeyURL: try #require(URL(string: fake.keyURL())),
                    signature: try #require(Data(base64Encoded: signed)), salt: Data(salt), timestamp: timestamp, displayName: "Gwen")
            }
            let first = try await fresh().signIn(.gameCenter(try signature(player: "T:_gwen")))
            #expect(first.displayName == "Gwen")
            let second = try await fresh().signIn(.gameCenter(try signature(player: "T:_gwen")))
            #expect(second.id == first.id, "the same player is the same account")
            let forged = fresh()
            do {
                try await forged.signIn(.gameCenter(try signature(player: "T:_mallory", signedFor: "T:_gwen")))
                Issue.record("a signature for another player signed in")
            } catch let error as ParlorError {
                #expect(error.kind == .invalidCredentials && error.status == 401)
            }
            #expect(try await forged.session.current() == nil)
        }
    }
}
