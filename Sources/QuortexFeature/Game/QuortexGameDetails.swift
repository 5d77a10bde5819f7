import AppFoundation
import Foundation
import GameCore
import Quortex

/// A Quortex game on the server as the game screen reads it: plain values, so a test builds one
/// directly and no generated API type reaches a model's state.
public struct QuortexGameDetails: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case waiting, active, completed
    }

    /// One place at the table; `seat` is dealt when the game starts.
    public struct Place: Sendable, Equatable {
        public var seat: Int?
        public var userID: String
        public var name: String
        /// Connected to the game over the real-time channel.
        public var present: Bool
        public var resigned: Bool

        public init(seat: Int?, userID: String, name: String, present: Bool = true, resigned: Bool = false) {
            self.seat = seat
            self.userID = userID
            self.name = name
            self.present = present
            self.resigned = resigned
        }
    }

    public var id: UUID
    public var status: Status
    /// Real-time games have a chat; turn-based ones are played over days.
    public var isRealtime: Bool
    public var players: Int
    public var places: [Place]
    public var yourSeat: Int?
    public var outcome: GameOutcome?
    /// The rematch, once a player asked for one.
    public var rematch: UUID?
    /// When the player to move runs out of time (the server's clock); nil with no clock.
    public var turnDeadline: Date?

    public init(
        id: UUID, status: Status, isRealtime: Bool, players: Int, places: [Place], yourSeat: Int? = nil, outcome: GameOutcome? = nil,
        rematch: UUID? = nil, turnDeadline: Date? = nil
    ) {
        self.id = id
        self.status = status
        self.isRealtime = isRealtime
        self.players = players
        self.places = places
        self.yourSeat = yourSeat
        self.outcome = outcome
        self.rematch = rematch
        self.turnDeadline = turnDeadline
    }

    /// Each dealt seat's player name.
    public var seatNames: [Int: String] {
        Dictionary(places.compactMap { place in place.seat.map { ($0, place.name) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The signed-in player's user id, known once seats are dealt.
    public var yourUserID: String? {
        guard let yourSeat else { return nil }
        return places.first { $0.seat == yourSeat }?.userID
    }
}

/// The server's suggestion for the player's turn.
public struct QuortexHint: Sendable, Equatable {
    public var placement: Placement
    /// Hints left after this one; nil when a subscription makes them unlimited.
    public var remaining: Int?

    public init(placement: Placement, remaining: Int?) {
        self.placement = placement
        self.remaining = remaining
    }
}

/// A finished game's replay as the share sheet takes it: a link that opens the game in the app
/// (a finished game is anyone's to read) and the record's moves in notation.
public struct QuortexReplay: Sendable, Equatable {
    public var link: URL
    public var subject: String
    /// "Olga won (flow) in 23 moves: d4r2 c3r1 …".
    public var message: String

    public init(link: URL, subject: String, message: String) {
        self.link = link
        self.subject = subject
        self.message = message
    }
}

/// A line of the game's chat.
public struct QuortexChatLine: Sendable, Equatable, Identifiable {
    /// Its place in the conversation as received, so a list keeps its order.
    public var id: Int
    public var userID: String
    public var name: String
    public var text: String
    public var at: Date
    /// Sent by the signed-in player.
    public var isMine: Bool
    /// The server's id of the stored line: the same line replayed after a reconnect has the same
    /// one, so it is shown once. Nil for a line from a server that does not store chat.
    public var serverID: String?

    public init(id: Int = 0, userID: String, name: String, text: String, at: Date, isMine: Bool = false, serverID: String? = nil) {
        self.id = id
        self.serverID = serverID
        self.userID = userID
        self.name = name
        self.text = text
        self.at = at
        self.isMine = isMine
    }
}

/// A move made while the server could not be reached, waiting to be sent.
public struct QuortexQueuedMove: Sendable, Equatable, Identifiable {
    /// The move's client id.
    public var id: String
    /// "d4r2", or the raw action when it does not read as a Quortex move.
    public var notation: String

    public init(id: String, notation: String) {
        self.id = id
        self.notation = notation
    }
}

/// A queued move the server refused once it was reachable, with its reason.
public struct QuortexRefusedMove: Sendable, Equatable, Identifiable {
    public var id: String
    public var notation: String
    public var reason: String

    public init(id: String, notation: String, reason: String) {
        self.id = id
        self.notation = notation
        self.reason = reason
    }
}
