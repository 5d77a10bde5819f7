import AppFoundation
import GameCore
import Quortex

/// Touch on the board: tapping a cell, dragging the drawn tile onto one, turning it with two
/// fingers or buttons. Points are in the canvas's coordinates and `canvas` is its size, so the
/// cells are found with the same layout the canvas drew (``QuortexBoardLayout``).
extension QuortexTableModel {
    /// The cell under `point`, or nil off the board.
    public func cell(at point: Point, canvas: Size) -> Cell? {
        QuortexBoardLayout.geometry(for: canvas).cell(at: point)
    }

    /// A tap points the cursor at the cell under it.
    public func tap(at point: Point, canvas: Size) {
        table.dismissMessage()
        if let cell = cell(at: point, canvas: canvas) { select(cell) }
    }

    /// The player picked up the drawn tile; when they may not place, says why and nothing moves.
    public func dragBegan(at point: Point, canvas: Size) {
        table.dismissMessage()
        guard isMyTurn, drawnTile != nil, pendingPlacement == nil else {
            table.message = pendingPlacement == nil ? blockedReason : "Your move is on its way."
            return
        }
        dragMoved(to: point, canvas: canvas)
    }

    /// A drag gesture moved: the first move picks the tile up, the next ones carry it.
    public func dragChanged(to point: Point, canvas: Size) {
        if drag == nil { dragBegan(at: point, canvas: canvas) } else { dragMoved(to: point, canvas: canvas) }
    }

    /// The tile follows the finger; the cursor follows the cell under it, so the board marks it.
    public func dragMoved(to point: Point, canvas: Size) {
        guard isMyTurn, drawnTile != nil, pendingPlacement == nil else { return }
        let cell = cell(at: point, canvas: canvas)
        if let cell { cursor.cell = cell }
        drag = QuortexDrag(location: point, cell: cell, isLegal: cell.map { legalCells.contains($0) } ?? false)
    }

    /// The tile is let go: on a legal cell it is placed there; on another cell it goes back and
    /// the message says why the rules refuse it there; off the board it just goes back.
    public func dragEnded(at point: Point, canvas: Size) async {
        guard drag != nil else { return }
        dragMoved(to: point, canvas: canvas)
        let dropped = drag
        drag = nil
        guard let dropped, let cell = dropped.cell else { return }
        guard dropped.isLegal else {
            table.message = refusal(for: Placement(cell: cell, rotation: cursor.rotation))
            signal(.refused)
            return
        }
        await place()
    }

    /// The drag was interrupted (another gesture, the view went away): the tile goes back.
    public func dragCancelled() { drag = nil }

    /// Turns the drawn tile by a two-finger rotation of `degrees` (clockwise positive), to the
    /// nearest sixth of a turn.
    public func rotate(byDegrees degrees: Double) {
        rotate(steps: Self.rotationSteps(forDegrees: degrees))
    }

    /// Turns the drawn tile `steps` sixths of a turn (clockwise positive); a symmetric tile lands
    /// on the rotation listed for its paths.
    public func rotate(steps: Int) {
        table.dismissMessage()
        guard let tile = view?.position.drawn, steps != 0 else { return }
        cursor.rotation = Self.equivalent(((cursor.rotation + steps) % 6 + 6) % 6, of: tile)
        if let drag { self.drag?.isLegal = drag.cell.map { legalCells.contains($0) } ?? false }
    }

    /// Sixths of a turn nearest to `degrees`; a non-finite angle turns nothing.
    public static func rotationSteps(forDegrees degrees: Double) -> Int {
        guard degrees.isFinite, abs(degrees) < 1e6 else { return 0 }
        return Int((degrees / 60).rounded())
    }

    /// Why the rules refuse `placement` now, in the table's words, or nil when they take it: the
    /// engine's own reason (its reducer is run on the view's position), so a drop is refused here
    /// exactly as the authority would refuse it, without asking it.
    public func refusal(for placement: Placement) -> String? {
        guard let view else { return "Waiting for the game…" }
        if let blocked = blockedReason, !isMyTurn { return blocked }
        guard !legalPlacements.contains(placement), let seat = viewerSeat else { return nil }
        guard let error = Self.engineRefusal(of: placement, in: view, by: seat) else { return nil }
        return table.explain(error)
    }

    /// The reducer's error for `placement` on the view's position. The view holds everything the
    /// placement rules read (board, seating, drawn tile, turn); the bag, which it hides, is only
    /// read after a placement is accepted.
    static func engineRefusal(of placement: Placement, in view: QuortexView, by seat: Int) -> GameError? {
        do {
            var state = try Quortex.initialState(
                players: view.players, settings: QuortexSettings(sides: view.position.seating.sides), seed: GameSeed(0))
            state.position = view.position
            state.placements = view.placements
            state.outcome = nil
            _ = try Quortex.reduce(state, .place(placement), by: seat)
            return nil
        } catch {
            return error
        }
    }
}
