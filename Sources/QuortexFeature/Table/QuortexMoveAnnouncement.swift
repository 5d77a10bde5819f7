import GameCore
import Quortex

/// Other players' moves between two views the viewer saw: tiles that appeared and camps that
/// resigned. A view carries no move history, so moves are read from the difference; when several
/// tiles arrived at once (bots that play without a pause), the seats that moved are known from
/// the turn order but not which tile each placed, and the announcement says so.
public struct QuortexMoveAnnouncement: Equatable, Sendable {
    public struct PlacedCell: Equatable, Sendable {
        public var cell: Cell
        public var tile: PlacedTile

        /// Move notation of the placement, `d4r2`.
        public var notation: String { Placement(cell: cell, rotation: tile.rotation).notation }
    }

    /// The seats that placed, in turn order; one seat when one move arrived.
    public var seats: [Int]
    public var placements: [PlacedCell]
    /// Seats whose camp resigned.
    public var resignedSeats: [Int]
    /// The announcement in words: "P2 Olga placed One Sharp at d4 turned 2 (d4r2).".
    public var text: String

    /// The other players' moves from `previous` to `current`, or nil when there are none.
    /// `viewer`'s own tile (`ownCell`, which the table placed) is left out; `name` names a seat.
    static func between(
        _ previous: QuortexView, _ current: QuortexView, viewer: Int?, ownCell: Cell?, name: (Int) -> String
    ) -> QuortexMoveAnnouncement? {
        let appeared = current.position.board.tiles.filter { previous.position.board[$0.cell] == nil }
        var seats = Self.movers(from: previous, count: appeared.count)
        var placed = appeared.map { PlacedCell(cell: $0.cell, tile: $0.tile) }
        // The viewer's own move is not news; its tile is the one the table placed.
        if let viewer, let index = seats.firstIndex(of: viewer) {
            seats.remove(at: index)
            if let own = placed.firstIndex(where: { $0.cell == ownCell }) {
                placed.remove(at: own)
            } else if seats.isEmpty {
                placed.removeAll()
            }
        }
        let resigned = current.position.resignedCamps.filter { !previous.position.resignedCamps.contains($0) }
            .flatMap { current.camps.indices.contains($0) ? current.camps[$0].seats : [] }
            .filter { $0 != viewer }
        guard !placed.isEmpty || !resigned.isEmpty else { return nil }
        var sentences: [String] = []
        if placed.count == 1, seats.count == 1, let move = placed.first, let seat = seats.first {
            let tile = move.tile
            sentences.append("\(name(seat)) placed \(tile.type.displayName) at \(move.cell.name) turned \(tile.rotation) (\(move.notation)).")
        } else if !placed.isEmpty {
            let who = seats.map(name).joined(separator: ", ")
            sentences.append("\(who) placed \(placed.map(\.notation).joined(separator: ", ")).")
        }
        sentences += resigned.map { "\(name($0)) resigned." }
        return QuortexMoveAnnouncement(seats: seats, placements: placed, resignedSeats: resigned, text: sentences.joined(separator: " "))
    }

    /// The seats of the next `count` turns after `view`'s, in order, skipping resigned camps as
    /// the rules do.
    static func movers(from view: QuortexView, count: Int) -> [Int] {
        let seating = view.position.seating
        let slots = seating.turnSlots
        guard !slots.isEmpty, count > 0 else { return [] }
        func inPlay(_ slot: Int) -> Bool {
            let seat = slots[slot].seat
            return seating.campOfSeat.indices.contains(seat) && !view.position.resignedCamps.contains(seating.campOfSeat[seat])
        }
        var seats: [Int] = []
        var slot = view.position.turn % slots.count
        for _ in 0..<count {
            seats.append(slots[slot].seat)
            var next = slot
            for step in 1...slots.count {
                let candidate = (slot + step) % slots.count
                if inPlay(candidate) {
                    next = candidate
                    break
                }
            }
            slot = next
        }
        return seats
    }
}
