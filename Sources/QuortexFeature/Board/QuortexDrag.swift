import Quortex

/// The drawn tile as the player drags it: where it is drawn (under the finger), the cell under
/// it and whether the tile may go there as it is turned.
public struct QuortexDrag: Equatable, Sendable {
    /// The tile's centre in the canvas's coordinates.
    public var location: Point
    /// The board cell under the tile; nil off the board.
    public var cell: Cell?
    /// The tile may be dropped on `cell` turned as it is.
    public var isLegal: Bool
}
