import Quortex

/// Where the board lies in a canvas: the one fitting both the drawing and the hit tests use, so a
/// finger lands on the cell drawn under it.
public enum QuortexBoardLayout {
    /// The largest board that fits `canvas` with one cell size of margin all round, room for the
    /// side badges and the row and column labels, centred.
    public static func geometry(for canvas: Size) -> BoardGeometry {
        // A canvas not laid out yet (zero, negative or not a number) gets an empty board.
        let width = canvas.width.isFinite ? max(canvas.width, 0) : 0
        let height = canvas.height.isFinite ? max(canvas.height, 0) : 0
        // The board is 7·√3 sizes wide and 11 high; the margins add one size on each side.
        let margin = min(width / (7 * 3.0.squareRoot() + 2), height / (11 + 2))
        return BoardGeometry.fitting(Size(width: width, height: height), padding: margin)
    }
}
