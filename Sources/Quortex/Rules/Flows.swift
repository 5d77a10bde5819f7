/// A path from a port of a player's side through placed tiles, until it reaches an empty cell or
/// leaves the board.
public struct Flow: Hashable, Codable, Sendable {
    public struct Step: Hashable, Codable, Sendable {
        public var cell: Cell
        public var entry: Direction
        public var exit: Direction
    }

    /// The board side it starts from, and the seat owning that side.
    public var side: Int
    public var seat: Int
    public var steps: [Step]
    /// The board side it leaves through, or nil while it ends at an empty cell.
    public var exitSide: Int?

    private enum CodingKeys: String, CodingKey { case side, seat, steps, exitSide = "exit_side" }

    /// Every flow on the board: one per port of an owned side whose cell holds a tile.
    public static func all(on board: Board, seating: Seating) -> [Flow] {
        var flows: [Flow] = []
        for port in Topology.ports {
            guard let seat = seating.seat(onSide: port.side), board.codes[port.cellIndex] != 0 else { continue }
            var flow = Flow(side: port.side, seat: seat, steps: [], exitSide: nil)
            flow.exitSide = FlowTracer(codes: board.codes).trace(
                fromCell: port.cellIndex, entry: port.direction.rawValue
            ) { cell, entry, exit in
                flow.steps.append(
                    Step(
                        cell: Topology.cells[cell], entry: Direction(rawValue: entry) ?? .southWest,
                        exit: Direction(rawValue: exit) ?? .southWest))
            }.exitSide
            flows.append(flow)
        }
        return flows
    }

    /// Camps (indices) in play that a flow joins to their goal.
    public static func completedCamps(on board: Board, position: QuortexPosition) -> [Int] {
        let flows = all(on: board, seating: position.seating)
        return position.campsInPlay.filter { campIndex in
            let camp = position.seating.camps[campIndex]
            return flows.contains { flow in
                flow.exitSide.map { camp.isJoined(from: flow.side, to: $0) } ?? false
            }
        }
    }
}

/// Follows connections through placed tiles on flat board codes, optionally with one cell
/// pretending to hold another tile (a candidate placement).
struct FlowTracer {
    let codes: [UInt8]
    var overrideCell = -1
    var overrideCode: UInt8 = 0

    enum End {
        /// Stopped at an empty cell, which it would enter through `entry`.
        case open(cell: Int, entry: Int)
        case left(side: Int)

        var exitSide: Int? {
            if case .left(let side) = self { side } else { nil }
        }
    }

    /// Enters `fromCell` through side `entry` and follows the tiles.
    @inline(__always)
    func trace(fromCell: Int, entry: Int, step: (Int, Int, Int) -> Void = { _, _, _ in }) -> End {
        var cell = fromCell
        var side = entry
        // A path visits each of the 222 slots at most once; the bound only guards corrupt data.
        for _ in 0..<(Topology.cellCount * 6) {
            let code = cell == overrideCell ? overrideCode : codes[cell]
            if code == 0 { return .open(cell: cell, entry: side) }
            let exit = Int(PlacedTile.exitTable[Int(code) * 6 + side])
            step(cell, side, exit)
            let next = Topology.neighbour[cell * 6 + exit]
            if next < 0 { return .left(side: Topology.portSide[cell * 6 + exit]) }
            cell = next
            side = (exit + 3) % 6
        }
        return .open(cell: cell, entry: side)
    }
}
