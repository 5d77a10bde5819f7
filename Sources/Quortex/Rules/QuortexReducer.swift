import GameCore

/// The reducer's steps, on a copy of the state that `Quortex.reduce` returns only if they succeed.
extension QuortexState {
    mutating func place(_ placement: Placement, by seat: Int) throws(GameError) {
        guard seat == currentSeat else {
            throw .notYourTurn("it is seat \(currentSeat)'s turn, not seat \(seat)'s")
        }
        guard let tile = position.drawn else { throw .desync("no tile has been drawn") }
        guard let index = placement.cell.index else {
            throw .invalidAction("(\(placement.cell.row), \(placement.cell.col)) is not on the board")
        }
        guard (0..<6).contains(placement.rotation) else {
            throw .invalidAction("rotation \(placement.rotation) is not 0…5")
        }
        guard position.board.codes[index] == 0 else {
            throw .invalidAction("\(placement.cell.name) already holds a tile")
        }
        let analyzer = PlacementAnalyzer(position: position, tile: tile)
        guard analyzer.legalRotations(atCellIndex: index).contains(placement.rotation) else {
            throw .invalidAction(
                "\(tile.displayName) on \(placement.cell.name) turned \(placement.rotation) would leave \(cutOff(by: placement, tile: tile)) without a possible route")
        }
        position.board[placement.cell] = PlacedTile(tile, rotation: placement.rotation)
        placements += 1
        let completed = Flow.completedCamps(on: position.board, position: position)
        if !completed.isEmpty {
            position.drawn = nil
            finish(camps: completed, winType: completed.count > 1 ? .tie : .flow)
            return
        }
        position.turn = position.nextTurn(after: position.turn)
        drawForCurrentPlayer()
    }

    /// Names the camps a refused placement would cut off, for the error message.
    private func cutOff(by placement: Placement, tile: TileType) -> String {
        var board = position.board
        board[placement.cell] = PlacedTile(tile, rotation: placement.rotation)
        let names = position.campsInPlay.compactMap { index -> String? in
            let camp = position.seating.camps[index]
            guard RouteDistance.between(camp.from, camp.to, on: board.codes) == RouteDistance.unreachable else { return nil }
            let seats = camp.seats.map(String.init).joined(separator: " and ")
            return "\(camp.isTeam ? "seats" : "seat") \(seats) (side \(camp.from) to side \(camp.to))"
        }
        return names.isEmpty ? "a player" : names.joined(separator: ", ")
    }

    mutating func resign(seat: Int) throws(GameError) {
        let camp = position.seating.campOfSeat[seat]
        guard position.isInPlay(camp: camp) else {
            throw .invalidAction("seat \(seat) has already resigned")
        }
        let remaining = position.campsInPlay.filter { $0 != camp }
        position.resignedCamps = (position.resignedCamps + [camp]).sorted()
        if remaining.count == 1 {
            finish(camps: remaining, winType: .resignation)
            return
        }
        if position.seating.campOfSeat[currentSeat] == camp {
            position.turn = position.nextTurn(after: position.turn)
        }
        // Fewer camps change what is legal; a drawn tile that now fits nowhere wins as usual.
        checkConstraint()
    }

    private mutating func drawForCurrentPlayer() {
        guard let tile = bag.popLast() else {
            // Cannot happen with 40 tiles and 37 cells; ends the game rather than trapping.
            position.drawn = nil
            outcome = GameOutcome(winners: [], winType: .draw)
            return
        }
        position.drawn = tile
        checkConstraint()
    }

    private mutating func checkConstraint() {
        guard let tile = position.drawn else { return }
        let analyzer = PlacementAnalyzer(position: position, tile: tile)
        if !analyzer.hasLegalPlacement() {
            finish(camps: [position.seating.campOfSeat[currentSeat]], winType: .constraint)
        }
    }

    private mutating func finish(camps: [Int], winType: WinType) {
        outcome = GameOutcome(winners: camps.flatMap { position.seating.camps[$0].seats }, winType: winType)
    }
}
