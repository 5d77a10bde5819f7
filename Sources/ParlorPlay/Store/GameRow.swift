import Foundation
import GameCore
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

package enum GameMode: String, Sendable, Codable {
    case realtime
    case turnBased = "turn_based"
}

package enum GameStatus: String, Sendable, Codable {
    /// `abandoned`: a waiting game that ended without being played (cancelled by its creator, or
    /// expired after `waiting_game_expiry`); it has no outcome and no ratings.
    case waiting, active, completed, abandoned

    /// The order a game goes through them in.
    package var stage: Int {
        switch self {
        case .waiting: 0
        case .active: 1
        case .completed, .abandoned: 2
        }
    }

    /// Over, played or not: nothing more happens to the game.
    package var isOver: Bool { self == .completed || self == .abandoned }

    /// Started at some point: it has dealt seats, states and a record. A game abandoned while it
    /// waited never had them.
    package var wasPlayed: Bool { self == .active || self == .completed }
}


/// One row of `games`.
package struct GameRow: Sendable {
    package var id: UUID
    package var gameType: String
    package var engineVersion: Int
    package var mode: GameMode
    package var status: GameStatus
    package var players: Int
    package var inviteCode: String?
    package var settings: String
    package var seed: GameSeed
    package var seq: Int
    package var turnSeconds: Int
    package var graceSeconds: Int
    package var timeoutPolicy: TimeoutPolicy
    package var deadlineAt: Int64?
    package var createdBy: String
    package var createdAt: Int64
    package var startedAt: Int64?
    package var lastMoveAt: Int64?
    package var endedAt: Int64?
    package var outcome: GameOutcome?
    package var rematchOf: String?

    package static let columns = [
        "id", "game_type", "engine_version", "mode", "status", "players", "invite_code", "settings", "seed", "seq",
        "turn_seconds", "grace_seconds", "timeout_policy", "deadline_at", "created_by", "created_at", "started_at",
        "last_move_at", "ended_at", "winners", "win_type", "rematch_of",
    ]

    /// ``columns`` quoted once (see ``SQLColumnList``): a game's row is read on most game events.
    package static let columnList = SQLColumnList(columns)

    static func columnList(table: String) -> SQLColumnList { SQLColumnList(columns, table: table) }

    package init(
        id: UUID, gameType: String, engineVersion: Int, mode: GameMode, players: Int, inviteCode: String?, settings: String,
        seed: GameSeed, turnSeconds: Int, graceSeconds: Int, timeoutPolicy: TimeoutPolicy, createdBy: String, createdAt: Int64,
        rematchOf: String? = nil
    ) {
        self.id = id
        self.gameType = gameType
        self.engineVersion = engineVersion
        self.mode = mode
        self.status = .waiting
        self.players = players
        self.inviteCode = inviteCode
        self.settings = settings
        self.seed = seed
        self.seq = 0
        self.turnSeconds = turnSeconds
        self.graceSeconds = graceSeconds
        self.timeoutPolicy = timeoutPolicy
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.rematchOf = rematchOf
    }

    package init(row: any SQLRow) throws {
        guard let id = UUID(parsing: try row.decode(column: "id", as: String.self)),
            let mode = GameMode(rawValue: try row.decode(column: "mode", as: String.self)),
            let status = GameStatus(rawValue: try row.decode(column: "status", as: String.self)),
            let seed = GameSeed(try row.decode(column: "seed", as: String.self)),
            let policy = TimeoutPolicy(rawValue: try row.decode(column: "timeout_policy", as: String.self))
        else { throw PlayStoreError.corruptRow("games") }
        self.id = id
        self.gameType = try row.decode(column: "game_type", as: String.self)
        self.engineVersion = try row.decode(column: "engine_version", as: Int.self)
        self.mode = mode
        self.status = status
        self.players = try row.decode(column: "players", as: Int.self)
        self.inviteCode = try row.decode(column: "invite_code", as: String?.self)
        self.settings = try row.decode(column: "settings", as: String.self)
        self.seed = seed
        self.seq = try row.decode(column: "seq", as: Int.self)
        self.turnSeconds = try row.decode(column: "turn_seconds", as: Int.self)
        self.graceSeconds = try row.decode(column: "grace_seconds", as: Int.self)
        self.timeoutPolicy = policy
        self.deadlineAt = try row.decode(column: "deadline_at", as: Int64?.self)
        self.createdBy = try row.decode(column: "created_by", as: String.self)
        self.createdAt = try row.decode(column: "created_at", as: Int64.self)
        self.startedAt = try row.decode(column: "started_at", as: Int64?.self)
        self.lastMoveAt = try row.decode(column: "last_move_at", as: Int64?.self)
        self.endedAt = try row.decode(column: "ended_at", as: Int64?.self)
        if let winners = try row.decode(column: "winners", as: String?.self), let winType = try row.decode(column: "win_type", as: String?.self) {
            let seats = try JSONDecoder().decode([Int].self, from: Data(winners.utf8))
            self.outcome = GameOutcome(winners: seats, winType: WinType(rawValue: winType))
        }
        self.rematchOf = try row.decode(column: "rematch_of", as: String?.self)
    }
}

/// One row of `game_players`.
package struct SeatRow: Sendable, Equatable {
    package var user: String
    package var joined: Int
    package var seat: Int?
    package var name: String
    package var connections: Int
    package var awaySince: Int64?
    package var resigned: Bool
    package var ratingBefore: Int?
    package var ratingAfter: Int?

    package init(user: String, joined: Int, name: String) {
        self.user = user
        self.joined = joined
        self.name = name
        self.connections = 0
        self.resigned = false
    }

    /// The columns ``init(row:)`` reads, quoted once (see ``SQLColumnList``).
    package static let columnList = SQLColumnList([
        "user_id", "joined", "seat", "name", "connections", "away_since", "resigned", "rating_before", "rating_after",
    ])

    package init(row: any SQLRow) throws {
        user = try row.decode(column: "user_id", as: String.self)
        joined = try row.decode(column: "joined", as: Int.self)
        seat = try row.decode(column: "seat", as: Int?.self)
        name = try row.decode(column: "name", as: String.self)
        connections = try row.decode(column: "connections", as: Int.self)
        awaySince = try row.decode(column: "away_since", as: Int64?.self)
        resigned = try row.decode(column: "resigned", as: Int.self) != 0
        ratingBefore = try row.decode(column: "rating_before", as: Int?.self)
        ratingAfter = try row.decode(column: "rating_after", as: Int?.self)
    }
}

package enum PlayStoreError: Error, CustomStringConvertible {
    case corruptRow(String)

    package var description: String {
        switch self {
        case .corruptRow(let table): "a row of \(table) does not decode"
        }
    }
}
