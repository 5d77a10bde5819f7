import Quortex

/// Where the player is pointing on the board and how the drawn tile is turned.
public struct QuortexCursor: Sendable, Equatable {
    /// One step of the cursor across the hexagon.
    public enum Step: Sendable, CaseIterable {
        case left, right, up, down
    }

    public var cell = Cell(row: 0, col: 0)
    /// Always one of the drawn tile's distinct rotations (legal placements list only those).
    public var rotation = 0

    public init() {}

    /// Moves one cell; up and down step to the upper-left and lower-right neighbour (or the
    /// other one at the board's edge), so up then down comes back to the same cell.
    public mutating func move(_ step: Step) {
        let candidates: [Direction] =
            switch step {
            case .left: [.west]
            case .right: [.east]
            case .up: [.northWest, .northEast]
            case .down: [.southEast, .southWest]
            }
        if let next = candidates.map(cell.neighbour).first(where: \.isOnBoard) { cell = next }
    }

    /// Turns the tile to its next (or previous) distinct rotation.
    public mutating func rotate(_ tile: TileType?, clockwise: Bool) {
        guard let rotations = tile?.distinctRotations, !rotations.isEmpty else { return }
        let index = rotations.firstIndex(of: rotation) ?? 0
        rotation = rotations[(index + (clockwise ? 1 : rotations.count - 1)) % rotations.count]
    }

    /// Jumps to the next (or previous) legal placement after the cursor, preferring the current
    /// rotation; false when there is none at all.
    public mutating func jump(among legal: [Placement], forward: Bool) -> Bool {
        let sameRotation = legal.filter { $0.rotation == rotation }.map(\.cell)
        let cells = sameRotation.isEmpty ? legal.map(\.cell) : sameRotation
        let ordered = Array(Set(cells)).sorted()
        guard let first = ordered.first, let last = ordered.last else { return false }
        let next = forward ? ordered.first(where: { $0 > cell }) ?? first : ordered.last(where: { $0 < cell }) ?? last
        cell = next
        if sameRotation.isEmpty, let placement = legal.first(where: { $0.cell == next }) { rotation = placement.rotation }
        return true
    }
}
