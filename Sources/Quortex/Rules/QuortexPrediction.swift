import GameCore

extension Quortex: PredictingGameModule {
    /// The player's own placement shown at once: the tile on the board and the turn passed on.
    /// The next tile is drawn from the bag, which no view shows, so the predicted view has none
    /// (and no legal placements) until the authority's view arrives; a placement that ends the
    /// game is not predicted, the authority says how it ended.
    public static func predict(_ view: QuortexView, _ action: QuortexAction, by seat: Int) -> QuortexView? {
        guard case .place(let placement) = action, view.outcome == nil, view.currentSeat == seat, let tile = view.position.drawn,
            (view.legalPlacements ?? view.position.legalPlacements).contains(placement)
        else { return nil }
        var next = view
        next.position.board[placement.cell] = PlacedTile(tile, rotation: placement.rotation)
        guard Flow.completedCamps(on: next.position.board, position: next.position).isEmpty else { return nil }
        next.placements += 1
        next.legalPlacements = nil
        next.position.turn = next.position.nextTurn(after: next.position.turn)
        next.position.drawn = nil
        return next
    }
}
