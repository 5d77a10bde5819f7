import Foundation
import ParlorAPI
import ParlorClient
import Testing

/// Which game a server message belongs to, as the SDK's routing and the load generator read it.
@Suite("Realtime inbound routing")
struct RealtimeInboundRoutingTests {
    static let game = UUID(uuidString: "5B0C7A52-11E4-4C0B-9D29-7C3C2E1A9F00")

    static func inbound(_ type: String, game: UUID?) -> RealtimeInbound {
        RealtimeInbound(envelope: RealtimeEnvelope(type: type, game: game), seq: nil, data: Data())
    }

    @Test(arguments: ["state", "move_made", "ack", "error", "game_ended", "some_future_type"])
    func gameMessagesRouteToTheirGame(type: String) {
        #expect(Self.inbound(type, game: Self.game).routedGame == Self.game)
    }

    /// A message about the user names a game only as context: it goes to the user, not that game.
    @Test(arguments: ["welcome", "match_found", "invitation", "friend_presence", "friends_changed", "achievement_unlocked"])
    func userMessagesRouteToNoGame(type: String) {
        #expect(RealtimeServerMessageType(rawValue: type) != nil)
        #expect(Self.inbound(type, game: Self.game).routedGame == nil)
    }

    @Test func aMessageWithoutAGameRoutesNowhere() {
        #expect(Self.inbound("move_made", game: nil).routedGame == nil)
    }
}
