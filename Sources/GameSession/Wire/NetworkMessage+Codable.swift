import GameCore
import PlayerProfiles

import struct Foundation.Data
import struct Foundation.UUID

extension NetworkMessage: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, lobby, profile, appVersion, passcodeHash, games, reason, playerId, payload, ready, lastSeen, lobbyRevision
        /// The seed's wire name (§6.1) for the kind of game.
        case gameType = "gameId"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .type)
        func value<T: Decodable>(_ key: CodingKeys) throws -> T { try container.decode(T.self, forKey: key) }
        func optional<T: Decodable>(_ key: CodingKeys) throws -> T? { try container.decodeIfPresent(T.self, forKey: key) }
        switch kind {
        case "lobbyUpdate": self = .lobbyUpdate(try value(.lobby))
        case "joinRequest":
            self = .joinRequest(
                profile: try value(.profile), appVersion: try value(.appVersion),
                passcodeHash: try optional(.passcodeHash), games: try optional(.games))
        case "joinAccepted": self = .joinAccepted(try value(.lobby))
        case "joinRejected": self = .joinRejected(reason: try value(.reason))
        case "kickPlayer": self = .kickPlayer(playerId: try value(.playerId), reason: try optional(.reason))
        case "gameAction": self = .gameAction(gameType: try value(.gameType), payload: try value(.payload))
        case "gameState": self = .gameState(gameType: try value(.gameType), payload: try value(.payload))
        case "setReady": self = .setReady(try value(.ready))
        case "heartbeat":
            self = .heartbeat(lastSeen: try optional(.lastSeen), lobbyRevision: try optional(.lobbyRevision))
        case "actionRejected": self = .actionRejected(gameType: try value(.gameType), payload: try value(.payload))
        case "leave": self = .leave
        case "sessionEnded": self = .sessionEnded(reason: try value(.reason))
        default: throw UnknownMessageKind(kind: kind)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case .lobbyUpdate(let lobby), .joinAccepted(let lobby):
            try container.encode(lobby, forKey: .lobby)
        case .joinRequest(let profile, let appVersion, let passcodeHash, let games):
            try container.encode(profile, forKey: .profile)
            try container.encode(appVersion, forKey: .appVersion)
            try container.encodeIfPresent(passcodeHash, forKey: .passcodeHash)
            try container.encodeIfPresent(games, forKey: .games)
        case .joinRejected(let reason), .sessionEnded(let reason):
            try container.encode(reason, forKey: .reason)
        case .kickPlayer(let playerId, let reason):
            try container.encode(playerId, forKey: .playerId)
            try container.encodeIfPresent(reason, forKey: .reason)
        case .gameAction(let gameType, let payload), .gameState(let gameType, let payload),
            .actionRejected(let gameType, let payload):
            try container.encode(gameType, forKey: .gameType)
            try container.encode(payload, forKey: .payload)
        case .setReady(let ready):
            try container.encode(ready, forKey: .ready)
        case .heartbeat(let lastSeen, let lobbyRevision):
            try container.encodeIfPresent(lastSeen, forKey: .lastSeen)
            try container.encodeIfPresent(lobbyRevision, forKey: .lobbyRevision)
        case .leave:
            break
        }
    }
}
