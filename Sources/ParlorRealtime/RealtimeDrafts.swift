import Foundation
import ParlorAccounts

/// What the real-time channel asks of TopDog's drafts: as ``RealtimePlay`` for games, every byte
/// of a draft message comes from here, and the channel keeps only sockets and sequence numbers.
package protocol RealtimeDrafts: Sendable {
    /// The answer to `draft_subscribe`: a `draft_state` frame (the room as this participant sees
    /// it, with the events after `since`) and the sequence number it carries, or an `error`
    /// frame and nil for a room that does not exist or that the user has no entry in.
    func subscribe(user: AuthenticatedUser, room: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?)

    /// The `draft_event` frames for the room's events after `lastSent` up to `seq`, from the
    /// notice's `events` when they reach back that far and from the room's log otherwise, and the
    /// new last sequence number sent. Nothing at or below `lastSent` is sent again.
    func render(room: UUID, seq: Int, events: [String], after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int)
}
