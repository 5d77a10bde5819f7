import GameCore
import Quortex

extension QuortexBoardPicture {
    /// The picture of `view`: with `cursor` when the viewer is placing (nil for a spectator or
    /// after the end), and the cells of the moves announced marked with their seats.
    public init(view: QuortexView, cursor: QuortexCursor?, lastMoves: [Cell: Int] = [:]) {
        let reading = ViewReading(view: view)
        let legal = Set((view.legalPlacements ?? []).filter { $0.rotation == cursor?.rotation }.map(\.cell))
        cells = Topology.cells.map { cell in
            CellMark(
                cell: cell, name: cell.name, tile: view.position.board[cell], isLegal: legal.contains(cell), isCursor: cursor?.cell == cell,
                lastMoveBy: lastMoves[cell])
        }
        let flows = view.flows.filter { !$0.steps.isEmpty }
        self.flows = flows.map { flow in
            let resigned = reading.resignedSeats.contains(flow.seat)
            return FlowPath(
                seat: flow.seat, side: flow.side, steps: flow.steps, exitSide: flow.exitSide, isWinning: reading.isWinning(flow),
                isResigned: resigned, colour: resigned ? Palette.resigned : Palette.seat(flow.seat))
        }
        paths = Self.paths(on: view.position.board, flows: self.flows)
        sides = (0..<Topology.sideCount).map(reading.sideMark)
        rowLabels = (-Cell.radius...Cell.radius).compactMap { row in
            let first = (-Cell.radius...Cell.radius).map { Cell(row: row, col: $0) }.first(where: \.isOnBoard)
            return first.map { AxisLabel(text: String($0.name.prefix(1)), cell: $0, direction: .west) }
        }
        // Columns run from the upper left to the lower right: each digit stands at its column's
        // lower end, clear of the row letters along the left.
        columnLabels = (-Cell.radius...Cell.radius).compactMap { col in
            let last = (-Cell.radius...Cell.radius).map { Cell(row: $0, col: col) }.last(where: \.isOnBoard)
            return last.map { AxisLabel(text: String($0.name.suffix(1)), cell: $0, direction: .southEast) }
        }
        if view.outcome == nil, let drawn = view.position.drawn {
            let tile = PlacedTile(drawn, rotation: cursor?.rotation ?? 0)
            drawnTile = DrawnTile(tile: tile, paths: tile.pairs.map { (from: $0.0, to: $0.1) })
        } else {
            drawnTile = nil
        }
        winningSeats = Array(Set(self.flows.filter(\.isWinning).map(\.seat))).sorted()
    }

    /// Every placed tile's three paths, each with the seats whose flows run along it.
    private static func paths(on board: Board, flows: [FlowPath]) -> [TilePath] {
        var seats: [PathKey: [Int]] = [:]
        var winning: Set<PathKey> = []
        for flow in flows {
            for step in flow.steps {
                let key = PathKey(cell: step.cell, step.entry, step.exit)
                if !seats[key, default: []].contains(flow.seat) { seats[key, default: []].append(flow.seat) }
                if flow.isWinning { winning.insert(key) }
            }
        }
        return board.tiles.flatMap { cell, tile in
            tile.pairs.map { from, to in
                let key = PathKey(cell: cell, from, to)
                return TilePath(cell: cell, from: from, to: to, seats: seats[key] ?? [], isWinning: winning.contains(key))
            }
        }
    }

    /// One path of one cell, whichever way a flow travels it.
    private struct PathKey: Hashable {
        var cell: Cell
        var low: Int
        var high: Int

        init(cell: Cell, _ a: Direction, _ b: Direction) {
            self.cell = cell
            low = min(a.rawValue, b.rawValue)
            high = max(a.rawValue, b.rawValue)
        }
    }
}

/// Facts of a view the picture needs, read as the SVG renderer reads them.
private struct ViewReading {
    let view: QuortexView

    /// Seats whose camp has resigned.
    var resignedSeats: Set<Int> {
        Set(view.position.resignedCamps.flatMap { view.camps.indices.contains($0) ? view.camps[$0].seats : [] })
    }

    /// Whether `flow` joined its camp's two sides and so won the game.
    func isWinning(_ flow: Flow) -> Bool {
        guard let outcome = view.outcome, outcome.winType == .flow || outcome.winType == .tie, outcome.winners.contains(flow.seat),
            let exit = flow.exitSide, view.position.seating.campOfSeat.indices.contains(flow.seat)
        else { return false }
        let campIndex = view.position.seating.campOfSeat[flow.seat]
        return view.camps.indices.contains(campIndex) && view.camps[campIndex].isJoined(from: flow.side, to: exit)
    }

    func role(ofSide side: Int) -> QuortexBoardPicture.SideRole {
        if let seat = view.position.seating.seat(onSide: side) { return .owned(seat: seat) }
        if let camp = view.camps.first(where: { !$0.isTeam && $0.to == side }), let seat = camp.seats.first { return .target(seat: seat) }
        return .unowned
    }

    /// The side's role, colour and label: each camp starting or ending there, `P1`, `P1 goal`
    /// or a team's `P1&P4`.
    func sideMark(_ side: Int) -> QuortexBoardPicture.SideMark {
        var words: [String] = []
        var seats: [Int] = []
        for camp in view.camps where camp.from == side || camp.to == side {
            if camp.isTeam {
                words.append(camp.seats.map { "P\($0 + 1)" }.joined(separator: "&"))
                seats += camp.seats
            } else if let seat = camp.seats.first {
                words.append("P\(seat + 1)" + (camp.to == side ? " goal" : ""))
                seats.append(seat)
            }
        }
        let role = role(ofSide: side)
        let colour: RGBColor =
            switch role {
            case .owned(let seat): Palette.seat(seat)
            case .target(let seat): Palette.target(ofSeat: seat)
            case .unowned: Palette.unownedSide
            }
        return QuortexBoardPicture.SideMark(side: side, role: role, label: words.joined(separator: " "), seats: seats, colour: colour)
    }
}
