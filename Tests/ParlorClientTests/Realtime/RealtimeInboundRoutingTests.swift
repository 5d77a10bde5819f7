import Foundation
import ParlorAPI
import ParlorClient
import Testing

/// Which game a server message belongs to, as the SDK's routing and the load generator read it.
@Suite("Realtime inbound routing")
struct RealtimeInboundRoutingTests {
    static let gameText = "5b0c7a52-11e4-4c0b-9d29-7c3c2e1a9f00"
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

    @Test("draft frames carry their room and event number, and name no game")
    func draftFrames() throws {
        let room = "0b6f6a58-3c1e-4d9a-8f0e-2a7c5d1e9b44"
        let state = try #require(RealtimeInbound.parse(Data(#"{"type":"draft_state","room":"\#(room)","seq":41,"draft":{"seq":41},"missed":[]}"#.utf8))?.inbound)
        #expect(state.room == UUID(uuidString: room) && state.seq == 41 && state.routedGame == nil)
        let event = try #require(
            RealtimeInbound.parse(Data(#"{"type":"draft_event","room":"\#(room)","event":{"seq":42,"kind":"timer","at":"2026-11-25T19:40:00Z"}}"#.utf8))?.inbound)
        #expect(event.room == UUID(uuidString: room) && event.seq == 42 && event.type == .draftEvent)
        #expect(RealtimeInbound.parse(Data(#"{"type":"draft_event","room":"not-a-room","event":{"seq":1}}"#.utf8)) == nil)
    }

    @Test("social frames parse, an achievement's game kind included, and decode typed")
    func socialFrames() throws {
        let unlocked = try #require(
            RealtimeInbound.parse(
                Data(#"{"type":"achievement_unlocked","game":"quortex","key":"first_win","name":"First Victory","description":"Win a game.","points":10}"#.utf8))?.inbound)
        #expect(unlocked.type == .achievementUnlocked && unlocked.envelope.game == nil)
        guard case .achievementUnlocked(let achievement) = RealtimeUserEvent(unlocked) else { throw RoutingFailure("not typed") }
        #expect(achievement.key == "first_win" && achievement.points == 10)
        let presence = try #require(
            RealtimeInbound.parse(Data(#"{"type":"friend_presence","user":"u-1","online":true,"games":[{"game_id":"\#(Self.gameText)","game_type":"quortex"}]}"#.utf8))?
                .inbound)
        guard case .friendPresence(let friend) = RealtimeUserEvent(presence) else { throw RoutingFailure("not typed") }
        #expect(friend.online && friend.games.map(\.gameId) == [Self.game])
        let changed = try #require(RealtimeInbound.parse(Data(#"{"type":"friends_changed"}"#.utf8))?.inbound)
        guard case .friendsChanged = RealtimeUserEvent(changed) else { throw RoutingFailure("not typed") }
    }

    @Test func aMessageWithoutAGameRoutesNowhere() {
        #expect(Self.inbound("move_made", game: nil).routedGame == nil)
    }
}

struct RoutingFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
