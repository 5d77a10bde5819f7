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

    public init(
        id: String, status: Status, players: Int, joined: Int, inviteCode: String? = nil, seatNames: [Int: String] = [:],
        yourSeat: Int? = nil, outcome: GameOutcome? = nil
    ) {
        self.id = id
        self.status = status
        self.players = players
        self.joined = joined
        self.inviteCode = inviteCode
        self.seatNames = seatNames
        self.yourSeat = yourSeat
        self.outcome = outcome
    }

    /// Players still to come before the game starts.
    public var missingPlayers: Int { max(players - joined, 0) }
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

/// A new game's kind and size, for quick match and private games.
public struct OnlineGameRequest: Sendable, Equatable {
    public var gameType: String
    public var players: Int

    public init(gameType: String, players: Int) {
        self.gameType = gameType
        self.players = players
    }
}
