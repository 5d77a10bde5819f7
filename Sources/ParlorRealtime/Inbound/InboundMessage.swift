import Foundation
import GameCore
import ParlorAPI
import ParlorPlay

/// One inbound text frame, parsed in a single pass: the type tag, then that message's fields,
/// and for a move its action straight into the game's own type (through ``ActionDecoding``,
/// handed in the decoder's `userInfo`). A message that is not a JSON object with a string `type`
/// fails to decode; anything else decodes, as a command or as what was wrong with it.
struct InboundMessage: Decodable {
    enum Parsed {
        case command(RealtimeCommand)
        case unknownType(String)
        /// A known type missing a field or with one of the wrong type.
        case malformed(RealtimeClientMessageType, game: UUID?)
    }

    let parsed: Parsed

    private enum Key: String, CodingKey {
        case type, token, game, since, seq, action, text, id, room
        case moveID = "move_id"
    }

    init(parsed: Parsed) { self.parsed = parsed }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: .type)
        guard let known = RealtimeClientMessageType(rawValue: type) else {
            parsed = .unknownType(type)
            return
        }
        do {
            parsed = .command(try Self.command(known, c, actions: decoder.userInfo[ActionDecoding.key] as? ActionDecoding))
        } catch {
            let about = (try? c.decodeIfPresent(UUID.self, forKey: .game)) ?? (try? c.decodeIfPresent(UUID.self, forKey: .room)) ?? nil
            parsed = .malformed(known, game: about)
        }
    }

    private static func command(
        _ type: RealtimeClientMessageType, _ c: KeyedDecodingContainer<Key>, actions: ActionDecoding?
    ) throws -> RealtimeCommand {
        switch type {
        case .authenticate: return .authenticate(token: try c.decode(String.self, forKey: .token))
        case .subscribe: return .subscribe(game: try c.decode(UUID.self, forKey: .game), since: try c.decodeIfPresent(Int.self, forKey: .since))
        case .unsubscribe: return .unsubscribe(game: try c.decode(UUID.self, forKey: .game))
        case .resign: return .resign(game: try c.decode(UUID.self, forKey: .game), moveID: try c.decode(String.self, forKey: .moveID))
        case .chat: return .chat(game: try c.decode(UUID.self, forKey: .game), text: try c.decode(String.self, forKey: .text))
        case .ping: return .ping(id: try c.decodeIfPresent(String.self, forKey: .id))
        case .draftSubscribe:
            return .draftSubscribe(room: try c.decode(UUID.self, forKey: .room), since: try c.decodeIfPresent(Int.self, forKey: .since))
        case .draftUnsubscribe: return .draftUnsubscribe(room: try c.decode(UUID.self, forKey: .room))
        case .leaveGame: return .leaveGame(game: try c.decode(UUID.self, forKey: .game), moveID: try c.decode(String.self, forKey: .moveID))
        case .requestRematch: return .requestRematch(game: try c.decode(UUID.self, forKey: .game))
        case .move:
            let game = try c.decode(UUID.self, forKey: .game)
            let moveID = try c.decode(String.self, forKey: .moveID)
            let seq = try c.decodeIfPresent(Int.self, forKey: .seq)
            guard c.contains(.action) else { throw DecodingError.keyNotFound(Key.action, .init(codingPath: c.codingPath, debugDescription: "no action")) }
            let at = try c.superDecoder(forKey: .action)
            let action = try actions?.decode(game, at) ?? .json(try JSONEncoder().encode(JSONValue(from: at)))
            return .move(MoveCommand(game: game, moveID: moveID, seq: seq, action: action))
        }
    }
}

/// How the reader decodes a move's action in the same pass as the message: the game service's
/// decoder for the game, or nil when this node does not hold the game (its JSON is kept then).
struct ActionDecoding: Sendable {
    // A constant, valid key: the initialiser fails only for keys no decoder could use.
    static let key = CodingUserInfoKey(rawValue: "parlor.actionDecoding")!

    let decoder: @Sendable (UUID, any Decoder) -> SubmittedAction?

    func decode(_ game: UUID, _ at: any Decoder) throws -> SubmittedAction? { decoder(game, at) }
}
