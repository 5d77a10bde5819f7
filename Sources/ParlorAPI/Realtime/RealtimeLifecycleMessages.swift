import Foundation

/// `{"type":"leave_game","game":…,"move_id":…}`: leaves a game, as seed 000's `leave_game`. A
/// player who is not the creator of a private game that has not started gives up their place
/// (answered with their own `player_left`, as `POST /games/{id}/leave`); in a game being played
/// leaving is resigning (answered with `ack`, `move_id` making a retry harmless, as `resign`).
public struct RealtimeLeaveGame: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.leaveGame.rawValue
    @WireUUID public var game: UUID
    public var moveId: String
    private enum CodingKeys: String, CodingKey { case type, game, moveId = "move_id" }
    public init(game: UUID, moveId: String) {
        self.game = game
        self.moveId = moveId
    }
}

/// `{"type":"request_rematch","game":…}`: offers a rematch of a finished game, or takes a place
/// in the one offered, as `POST /games/{id}/rematch`; answered with the rematch's `state`.
public struct RealtimeRequestRematch: Codable, Sendable, Equatable {
    public var type = RealtimeClientMessageType.requestRematch.rawValue
    @WireUUID public var game: UUID
    public init(game: UUID) { self.game = game }
}
