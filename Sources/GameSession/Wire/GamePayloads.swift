import GameCore

import struct Foundation.UUID

/// A client's action, numbered per seat within a match so the host applies it at most once
/// however often the network repeats it.
public struct ActionPayload<Action: Codable & Sendable>: Codable, Sendable {
    public var match: Int
    public var moveID: Int
    public var action: Action

    public init(match: Int, moveID: Int, action: Action) {
        self.match = match
        self.moveID = moveID
        self.action = action
    }
}

/// One player's view of the authoritative state. `acknowledged` is the last action id the host
/// has processed for the receiving seat, so the client can stop resending it.
public struct StatePayload<View: Codable & Sendable>: Codable, Sendable {
    public var stamp: StateStamp
    /// A fresh id per game, so each finished game counts in a profile's stats exactly once.
    public var matchId: UUID
    public var seat: Int?
    public var acknowledged: Int
    public var view: View

    public init(stamp: StateStamp, matchId: UUID, seat: Int?, acknowledged: Int, view: View) {
        self.stamp = stamp
        self.matchId = matchId
        self.seat = seat
        self.acknowledged = acknowledged
        self.view = view
    }
}

/// Why the host refused action `moveID`; the client rolls back its optimistic view.
public struct ActionRejection: Codable, Hashable, Sendable {
    public var match: Int
    public var moveID: Int
    public var error: GameError

    public init(match: Int, moveID: Int, error: GameError) {
        self.match = match
        self.moveID = moveID
        self.error = error
    }
}
