import Foundation
import ParlorAPI

/// Per-game bookkeeping that makes a reconnect invisible to the consumer: what was last delivered,
/// which games wait for the `state` answering a (re)subscription, and what arrived meanwhile.
///
/// Game events are ordered by `(seq, rank)` rather than `seq` alone, because several of them share
/// a sequence number: a waiting game's `state` and its `game_started` are both at the start
/// sequence, and `game_ended` may carry the sequence of the final move. An event is delivered only
/// when it is strictly after the last one delivered for its game, so nothing is seen twice; the
/// one exception is the `state` answering a resubscription when nothing was missed, delivered as
/// the sign that the game is live again.
struct RealtimeResumeLedger: Sendable {
    /// Where an event sits in its game's history.
    struct Position: Comparable, Sendable {
        var seq: Int
        /// 0 waiting, 1 started, 2 in play (a move, or a view of a game in play), 3 over.
        var rank: Int
        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.seq, lhs.rank) < (rhs.seq, rhs.rank) }
    }

    struct Entry: Sendable {
        var last: Position?
        /// A subscription is on its way; events other than `state` wait in `held` until its answer,
        /// so a live move can never overtake the moves the `state` brings back.
        var awaitingState = false
        var held: [(inbound: RealtimeInbound, position: Position)] = []
    }

    /// What to do with one received frame.
    struct Outcome: Sendable {
        var deliver: [RealtimeInbound] = []
        /// Events dropped because they were delivered before.
        var dropped = 0
        /// A gap was seen: subscribe again from this sequence number.
        var resubscribe: (game: UUID, since: Int?)?
        /// A draft room's events skipped some: subscribe to it again from this sequence number.
        var resubscribeRoom: (room: UUID, since: Int?)?
    }

    private(set) var entries: [UUID: Entry] = [:]
    /// Draft rooms, kept the same way (see `RealtimeResumeLedger+Drafts.swift`).
    var rooms: [UUID: RoomEntry] = [:]

    /// The `since` to subscribe with: the last delivered sequence once the game has started (a
    /// waiting game is simply subscribed afresh).
    func since(_ game: UUID) -> Int? {
        guard let last = entries[game]?.last, last.rank >= 1 else { return nil }
        return last.seq
    }

    func lastSeq(_ game: UUID) -> Int? { entries[game]?.last?.seq }

    /// Records a subscription about to be sent and returns its `since`.
    mutating func subscribe(_ game: UUID) -> Int? {
        entries[game, default: Entry()].awaitingState = true
        return since(game)
    }

    mutating func unsubscribe(_ game: UUID) { entries[game] = nil }

    /// Every game to subscribe again on a new socket, each with its `since`.
    mutating func resumeAll() -> [(game: UUID, since: Int?)] {
        entries.keys.sorted { $0.uuidString < $1.uuidString }.map { game in (game, subscribe(game)) }
    }

    mutating func receive(_ inbound: RealtimeInbound, _ details: RealtimeInbound.Details) -> Outcome {
        guard let game = inbound.envelope.game, var entry = entries[game] else { return Outcome(deliver: [inbound]) }
        defer { entries[game] = entry }
        guard let seq = inbound.seq, let rank = Self.rank(inbound.type, status: details.status) else {
            // A refused subscription is answered by an `error` instead of a `state`: stop holding.
            // A refused chat line also names the game and no move, but the `state` is still coming.
            if inbound.type == .error, !details.answersMove, entry.awaitingState, !Self.refusesChat(inbound) {
                var outcome = Outcome(deliver: [inbound])
                Self.release(&entry, into: &outcome)
                return outcome
            }
            return Outcome(deliver: [inbound])
        }
        let position = Position(seq: seq, rank: rank)
        var outcome = Outcome()
        if entry.awaitingState {
            guard inbound.type == .state else {
                entry.held.append((inbound, position))
                return outcome
            }
            if let last = entry.last, position == last {
                // Nothing was missed, but the consumer still learns the game is live again: a
                // move it sent while the socket was down never arrived and must be sent again.
                outcome.deliver.append(inbound)
            } else {
                Self.accept(inbound, at: position, into: &entry, &outcome)
            }
            Self.release(&entry, into: &outcome)
        } else if inbound.type == .moveMade, let last = entry.last, last.rank >= 1, seq > last.seq + 1 {
            // Moves are numbered one by one, so this one skipped some: fetch them before going on.
            entry.awaitingState = true
            entry.held.append((inbound, position))
            outcome.resubscribe = (game, last.seq)
        } else {
            Self.accept(inbound, at: position, into: &entry, &outcome)
        }
        return outcome
    }

    /// Whether an `error` frame refuses a chat line (read again for its code: errors are rare).
    static func refusesChat(_ inbound: RealtimeInbound) -> Bool {
        struct Code: Decodable { var code: String }
        guard let code = try? JSONDecoder().decode(Code.self, from: inbound.data).code else { return false }
        return OnlineGameChatEvent.refusalCodes.contains(code)
    }

    private static func release(_ entry: inout Entry, into outcome: inout Outcome) {
        entry.awaitingState = false
        let held = entry.held.sorted { $0.position < $1.position }
        entry.held = []
        for item in held { accept(item.inbound, at: item.position, into: &entry, &outcome) }
    }

    private static func accept(_ inbound: RealtimeInbound, at position: Position, into entry: inout Entry, _ outcome: inout Outcome) {
        if let last = entry.last, position <= last {
            outcome.dropped += 1
            return
        }
        entry.last = position
        outcome.deliver.append(inbound)
    }

    /// The rank of a game event; nil for messages outside a game's history (acks, presence, chat).
    static func rank(_ type: RealtimeServerMessageType?, status: String?) -> Int? {
        switch type {
        case .state:
            switch status {
            case "waiting": 0
            // A cancelled or expired game is over too: nothing follows it.
            case "completed", "abandoned": 3
            default: 2
            }
        case .gameStarted: 1
        case .moveMade: 2
        case .gameEnded: 3
        default: nil
        }
    }
}
