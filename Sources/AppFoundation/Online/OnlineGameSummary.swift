import Foundation
import GameCore

/// A game on the server as the online flow reads it: no generated API type reaches a model's
/// state, so a test builds one directly and a SwiftUI view reads plain values.
public struct OnlineGameSummary: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        /// Gathering players; `inviteCode` is shown while it waits.
        case waiting
        case active
        case completed
    }

    /// The server's game id (a UUID's text).
    public var id: String
    public var status: Status
    /// Seats at the table when it starts.
    public var players: Int
    /// Players in the game so far.
    public var joined: Int
    public var inviteCode: String?
    /// Each seat's player name; seats are dealt at the start, so a waiting game has none.
    public var seatNames: [Int: String]
    /// The caller's seat, once dealt.
    public var yourSeat: Int?
    /// How the authority says the game ended (resignations and timeouts included).
    public var outcome: GameOutcome?
    /// The game's kind as the server names it (`quortex`); nil when a test leaves it out.
    public var gameType: String?
    public var mode: OnlineGameMode?
    /// The seats that may act now (one in Quortex).
    public var currentSeats: [Int]
    /// When the current turn runs out.
    public var turnDeadline: Date?
    public var createdAt: Date?
    public var startedAt: Date?
    public var endedAt: Date?
    /// Over without being played: cancelled by its creator, or nobody came in time (`completed`, no outcome).
    public var abandoned = false

    public init(
        id: String, status: Status, players: Int, joined: Int, inviteCode: String? = nil, seatNames: [Int: String] = [:],
        yourSeat: Int? = nil, outcome: GameOutcome? = nil, gameType: String? = nil, mode: OnlineGameMode? = nil, currentSeats: [Int] = [],
        turnDeadline: Date? = nil, createdAt: Date? = nil, startedAt: Date? = nil, endedAt: Date? = nil
    ) {
        self.id = id
        self.status = status
        self.players = players
        self.joined = joined
        self.inviteCode = inviteCode
        self.seatNames = seatNames
        self.yourSeat = yourSeat
        self.outcome = outcome
        self.gameType = gameType
        self.mode = mode
        self.currentSeats = currentSeats
        self.turnDeadline = turnDeadline
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.endedAt = endedAt
    }

    /// Players still to come before the game starts.
    public var missingPlayers: Int { max(players - joined, 0) }

    /// The caller may act in this game now.
    public var isYourTurn: Bool {
        guard status == .active, let yourSeat else { return false }
        return currentSeats.contains(yourSeat)
    }

    /// The last thing known to have happened: the end, the start, or the creation.
    public var lastActivity: Date? { endedAt ?? startedAt ?? createdAt }

    /// The other players' names, by seat once dealt.
    public var opponentNames: [String] {
        seatNames.sorted { $0.key < $1.key }.filter { $0.key != yourSeat }.map(\.value)
    }
}

/// The signed-in player.
public struct OnlinePlayer: Sendable, Equatable {
    public var id: String
    public var displayName: String

    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}
