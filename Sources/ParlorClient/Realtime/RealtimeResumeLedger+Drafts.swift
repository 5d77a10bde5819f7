import Foundation
import ParlorAPI

/// Draft rooms in the resume ledger: a room's events are numbered one by one (`draft_event`'s
/// `event.seq`), and `draft_state` answers a `draft_subscribe` with the room at `seq` and the
/// events after the `since` it was sent with. So a room resumes as a game does: subscribed again
/// with the last number delivered, its live events held until the answering `draft_state`, and
/// anything at or below what was delivered dropped.
extension RealtimeResumeLedger {
    struct RoomEntry: Sendable {
        var last: Int?
        var awaitingState = false
        var held: [(inbound: RealtimeInbound, seq: Int)] = []
    }

    func lastSeq(room: UUID) -> Int? { rooms[room]?.last }

    /// Records a room subscription about to be sent and returns its `since`.
    mutating func subscribe(room: UUID) -> Int? {
        rooms[room, default: RoomEntry()].awaitingState = true
        return rooms[room]?.last
    }

    mutating func unsubscribe(room: UUID) { rooms[room] = nil }

    /// Every room to subscribe again on a new socket, each with its `since`.
    mutating func resumeAllRooms() -> [(room: UUID, since: Int?)] {
        rooms.keys.sorted { $0.uuidString < $1.uuidString }.map { room in (room, subscribe(room: room)) }
    }

    /// Whether `inbound` is the ledger's to order as a room's: a draft frame, or the `error`
    /// refusing a room's subscription (the server names the room in the error's `game`).
    func concernsRoom(_ inbound: RealtimeInbound) -> Bool {
        if inbound.room != nil { return true }
        guard inbound.type == .error, let room = inbound.envelope.game, entries[room] == nil else { return false }
        return rooms[room]?.awaitingState == true
    }

    mutating func receiveRoom(_ inbound: RealtimeInbound) -> Outcome {
        guard let room = inbound.room ?? inbound.envelope.game, var entry = rooms[room] else { return Outcome(deliver: [inbound]) }
        defer { rooms[room] = entry }
        var outcome = Outcome()
        switch inbound.type {
        case .draftState?:
            outcome.deliver.append(inbound)
            if let seq = inbound.seq { entry.last = max(entry.last ?? seq, seq) }
            Self.releaseRoom(&entry, into: &outcome)
        case .draftEvent?:
            guard let seq = inbound.seq else { return Outcome(deliver: [inbound]) }
            if entry.awaitingState {
                entry.held.append((inbound, seq))
            } else if let last = entry.last, seq > last + 1 {
                // Events are numbered one by one, so this one skipped some: fetch them first.
                entry.awaitingState = true
                entry.held.append((inbound, seq))
                outcome.resubscribeRoom = (room, last)
            } else {
                Self.acceptRoom(inbound, seq, into: &entry, &outcome)
            }
        default:
            // The subscription was refused: nothing to wait for.
            outcome.deliver.append(inbound)
            Self.releaseRoom(&entry, into: &outcome)
        }
        return outcome
    }

    private static func releaseRoom(_ entry: inout RoomEntry, into outcome: inout Outcome) {
        entry.awaitingState = false
        let held = entry.held.sorted { $0.seq < $1.seq }
        entry.held = []
        for item in held { acceptRoom(item.inbound, item.seq, into: &entry, &outcome) }
    }

    private static func acceptRoom(_ inbound: RealtimeInbound, _ seq: Int, into entry: inout RoomEntry, _ outcome: inout Outcome) {
        if let last = entry.last, seq <= last {
            outcome.dropped += 1
            return
        }
        entry.last = seq
        outcome.deliver.append(inbound)
    }
}
