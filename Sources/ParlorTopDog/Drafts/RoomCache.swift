import BestBall
import Synchronization

/// This node's copies of the rooms it works on, each as of the room's event sequence number.
///
/// Every change to a room's picks, entries or slots appends an event, so a copy whose `seq`
/// equals the stored row's is exact: a pick then locks and reads one row instead of the room's
/// entries, tournament and up to 216 picks. A copy is put only after its transaction committed,
/// or as read from committed rows; any other node's change raises `seq` and the copy is reloaded.
final class RoomCache: Sendable {
    private let copies = Mutex<[String: LoadedRoom]>([:])
    private let limit: Int

    init(limit: Int = 4_096) { self.limit = limit }

    /// The copy of `room` if it is as of the row's `seq`, with the row's own fields.
    func copy(of room: DraftRoom) -> LoadedRoom? {
        guard var held = copies.withLock({ $0[room.id] }), held.room.seq == room.seq else { return nil }
        held.room = room
        held.state = DraftState(settings: held.tournament.draft, picks: held.state.picks, autopilot: room.autopilot)
        return held
    }

    func put(_ loaded: LoadedRoom) {
        copies.withLock { copies in
            // Finished drafts are not read on the pick path again.
            guard loaded.room.status != .complete, loaded.room.status != .cancelled else {
                copies[loaded.room.id] = nil
                return
            }
            if copies.count >= limit, copies[loaded.room.id] == nil { copies.removeAll(keepingCapacity: true) }
            copies[loaded.room.id] = loaded
        }
    }
}
