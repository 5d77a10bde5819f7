import Foundation
import ParlorAPI

/// The routing fields of a frame the shared probe refuses because its `game` is not a game id:
/// `achievement_unlocked` names the game *kind* there (`"game":"quortex"`). Such a frame is the
/// user's, not a game's, so its `game` is kept only when it is an id.
struct RealtimeLenientProbe: Decodable {
    var type: String
    var game: String?
    var seq: Int?
    var status: String?
    var moveId: String?

    private enum CodingKeys: String, CodingKey { case type, game, seq, status, moveId = "move_id" }

    static func parse(_ data: Data) -> RealtimeFrameProbe? {
        guard let lenient = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        return RealtimeFrameProbe(
            type: lenient.type, game: lenient.game.flatMap(UUID.init(uuidString:)), seq: lenient.seq, status: lenient.status, moveId: lenient.moveId)
    }
}

/// A draft frame's room and sequence number: `draft_state` carries `seq` at the top, a
/// `draft_event` inside its `event`.
struct RealtimeDraftProbe: Decodable {
    struct Event: Decodable { var seq: Int? }

    var room: UUID
    var seq: Int?

    private enum CodingKeys: String, CodingKey { case room, seq, event }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .room)
        guard let room = UUID(uuidString: text) else {
            throw DecodingError.dataCorruptedError(forKey: .room, in: container, debugDescription: "not a room id: \(text)")
        }
        self.room = room
        seq = try container.decodeIfPresent(Int.self, forKey: .seq) ?? container.decodeIfPresent(Event.self, forKey: .event)?.seq
    }

    static func parse(_ data: Data) -> Self? { try? JSONDecoder().decode(Self.self, from: data) }
}
