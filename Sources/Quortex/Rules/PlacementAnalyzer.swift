/// Decides which placements of one tile are legal, fast enough to enumerate them all on every
/// turn (the benchmark target is under 100 µs).
///
/// A placement is legal on an empty cell when it completes a flow for some camp in play, or when
/// afterwards every camp in play still has a *possible route*: a path through (cell, side) nodes
/// where a placed tile joins its three pairs, an empty cell joins all its sides, and facing sides
/// of neighbours are joined. Reachability is connectivity, so for each empty cell X the analyzer
/// builds the components of the graph without X once (union–find), records which board sides'
/// ports each component touches, and then for each rotation only merges the components the
/// tile's three pairs join at X.
struct PlacementAnalyzer {
    private let position: QuortexPosition
    private let tile: TileType
    private let codes: [UInt8]
    /// Per slot: the slot representing its piece of the cell (its tile pair, or the whole empty cell).
    private var group: [Int]
    /// Side bits (from|to) of each camp in play.
    private let goals: [UInt8]
    /// Per board side a flow may start from: camp index in play, or −1.
    private let campOfFlowSide: [Int]
    /// Flows of camps in play that stop at an empty cell: (cell, entry side, start side).
    private let arrivals: [(cell: Int, entry: Int, origin: Int)]

    /// The slots that stand for a piece (a placed tile's pair, or a whole empty cell): the only
    /// entries of `parent` and `mask` ever read.
    private let pieces: [Int]
    /// The pieces joined by facing sides of two placed tiles, which no empty cell's removal
    /// changes: built once, and copied for every empty cell instead of joined again.
    private let placedForest: [Int]
    /// Facing sides where at least one cell is empty, as pieces with their cells.
    private let openEdges: [(a: Int, b: Int, cellA: Int, cellB: Int)]
    /// Each port as its piece, cell and side bit.
    private let portPieces: [(piece: Int, cell: Int, bit: UInt8)]

    private var parent: [Int]
    private var mask: [UInt8]
    /// Scratch: each port's component while one cell is left out (−1 for that cell's ports).
    private var portRoots: [Int]

    init(position: QuortexPosition, tile: TileType) {
        self.position = position
        self.tile = tile
        codes = position.board.codes
        var group = [Int](repeating: 0, count: Topology.cellCount * 6)
        for cell in 0..<Topology.cellCount {
            let code = Int(codes[cell])
            for side in 0..<6 {
                let pairedSide = code == 0 ? 0 : min(side, Int(PlacedTile.exitTable[code * 6 + side]))
                group[cell * 6 + side] = cell * 6 + pairedSide
            }
        }
        self.group = group
        var goals: [UInt8] = []
        var campOfFlowSide = [Int](repeating: -1, count: 6)
        for campIndex in position.campsInPlay {
            let camp = position.seating.camps[campIndex]
            goals.append(UInt8(1 << camp.from | 1 << camp.to))
            for side in camp.flowSides { campOfFlowSide[side] = campIndex }
        }
        self.goals = goals
        self.campOfFlowSide = campOfFlowSide
        let tracer = FlowTracer(codes: codes)
        var arrivals: [(cell: Int, entry: Int, origin: Int)] = []
        for port in Topology.ports where campOfFlowSide[port.side] >= 0 {
            if case .open(let cell, let entry) = tracer.trace(fromCell: port.cellIndex, entry: port.direction.rawValue) {
                arrivals.append((cell, entry, port.side))
            }
        }
        self.arrivals = arrivals
        pieces = (0..<(Topology.cellCount * 6)).filter { group[$0] == $0 }
        parent = Array(0..<(Topology.cellCount * 6))
        mask = [UInt8](repeating: 0, count: Topology.cellCount * 6)
        var openEdges: [(a: Int, b: Int, cellA: Int, cellB: Int)] = []
        for (a, b) in Topology.adjacencies {
            let (cellA, cellB) = (a / 6, b / 6)
            if codes[cellA] == 0 || codes[cellB] == 0 {
                openEdges.append((group[a], group[b], cellA, cellB))
            } else {
                Self.union(group[a], group[b], in: &parent)
            }
        }
        self.openEdges = openEdges
        placedForest = parent
        portPieces = Topology.ports.map { (group[$0.slot], $0.cellIndex, UInt8(1 << $0.side)) }
        portRoots = [Int](repeating: -1, count: Topology.ports.count)
    }

    /// Every legal placement, by cell then rotation.
    mutating func legalPlacements() -> [Placement] {
        var result: [Placement] = []
        for cell in 0..<Topology.cellCount where codes[cell] == 0 {
            let legal = legalRotationBits(atCellIndex: cell)
            for rotation in 0..<6 where legal & (1 << rotation) != 0 {
                result.append(Placement(cell: Topology.cells[cell], rotation: rotation))
            }
        }
        return result
    }

    /// Whether the tile can go anywhere at all.
    mutating func hasLegalPlacement() -> Bool {
        (0..<Topology.cellCount).contains { codes[$0] == 0 && legalRotationBits(atCellIndex: $0) != 0 }
    }

    /// Legal rotations (0…5, ascending) at an empty cell.
    mutating func legalRotations(atCellIndex x: Int) -> [Int] {
        let legal = legalRotationBits(atCellIndex: x)
        return (0..<6).filter { legal & (1 << $0) != 0 }
    }

    /// Bit r set when rotation r is legal at cell `x`. The six endpoints and the per-rotation
    /// scratch live in SIMD values, not arrays: this runs for every empty cell on every turn, and
    /// the arrays' allocations were a good part of its time.
    private mutating func legalRotationBits(atCellIndex x: Int) -> UInt8 {
        guard codes[x] == 0 else { return 0 }
        let baseSatisfied = buildComponents(without: x)
        var endpoint = SIMD8<Int>(repeating: 0)
        var endpointMask = SIMD8<UInt8>(repeating: 0)
        for side in 0..<6 {
            let neighbour = Topology.neighbour[x * 6 + side]
            if neighbour >= 0 {
                endpoint[side] = find(group[neighbour * 6 + (side + 3) % 6])
                endpointMask[side] = mask[endpoint[side]]
            } else {
                endpoint[side] = -1 - side
                endpointMask[side] = 1 << Topology.portSide[x * 6 + side]
            }
        }
        // Endpoints that reach the same component are one piece whatever the rotation: each
        // starts labelled with the first such endpoint, which is its own label.
        var shared = SIMD8<Int>(0, 1, 2, 3, 4, 5, 6, 7)
        for side in 1..<6 {
            for other in 0..<side where endpoint[other] == endpoint[side] {
                shared[side] = other
                break
            }
        }
        var distinctLegal: UInt8 = 0
        for rotation in 0..<6 where PlacedTile.canonicalRotation[tile.rawValue * 6 + rotation] == rotation {
            let code = PlacedTile(tile, rotation: rotation).code
            if completesFlow(at: x, code: code)
                || keepsRoutes(code: code, shared: shared, endpointMask: endpointMask, baseSatisfied: baseSatisfied)
            {
                distinctLegal |= 1 << rotation
            }
        }
        var legal: UInt8 = 0
        for rotation in 0..<6 where distinctLegal & (1 << PlacedTile.canonicalRotation[tile.rawValue * 6 + rotation]) != 0 {
            legal |= 1 << rotation
        }
        return legal
    }

    /// Whether placing `code` at `x` makes a flow of a camp in play join its goal.
    private func completesFlow(at x: Int, code: UInt8) -> Bool {
        let tracer = FlowTracer(codes: codes, overrideCell: x, overrideCode: code)
        for arrival in arrivals where arrival.cell == x {
            if case .left(let side) = tracer.trace(fromCell: x, entry: arrival.entry) {
                let camp = position.seating.camps[campOfFlowSide[arrival.origin]]
                if camp.isJoined(from: arrival.origin, to: side) { return true }
            }
        }
        return false
    }

    /// Whether every camp in play keeps a possible route once the tile's pairs join X's endpoints.
    private func keepsRoutes(code: UInt8, shared: SIMD8<Int>, endpointMask: SIMD8<UInt8>, baseSatisfied: UInt8) -> Bool {
        // Six endpoints; two are one piece when a tile pair joins them or they reach the same component.
        var label = shared
        func root(_ i: Int) -> Int {
            var i = i
            while label[i] != i { i = label[i] }
            return i
        }
        for side in 0..<6 {
            let paired = Int(PlacedTile.exitTable[Int(code) * 6 + side])
            guard paired > side else { continue }
            let (a, b) = (root(side), root(paired))
            if a != b { label[max(a, b)] = min(a, b) }
        }
        var pieceMask = SIMD8<UInt8>(repeating: 0)
        for side in 0..<6 { pieceMask[root(side)] |= endpointMask[side] }
        for (index, goal) in goals.enumerated() where baseSatisfied & (1 << index) == 0 {
            let wanted = SIMD8<UInt8>(repeating: goal)
            if !any(pieceMask & wanted .== wanted) { return false }
        }
        return true
    }

    /// Components of the route graph with cell `x` removed; returns a bit per goal already met.
    private mutating func buildComponents(without x: Int) -> UInt8 {
        for piece in pieces {
            parent[piece] = placedForest[piece]
            mask[piece] = 0
        }
        for edge in openEdges where edge.cellA != x && edge.cellB != x {
            Self.union(edge.a, edge.b, in: &parent)
        }
        for (index, port) in portPieces.enumerated() {
            guard port.cell != x else {
                portRoots[index] = -1
                continue
            }
            let root = find(port.piece)
            portRoots[index] = root
            mask[root] |= port.bit
        }
        var satisfied: UInt8 = 0
        for root in portRoots where root >= 0 {
            let component = mask[root]
            for (index, goal) in goals.enumerated() where component & goal == goal {
                satisfied |= 1 << index
            }
        }
        return satisfied
    }

    private static func union(_ a: Int, _ b: Int, in parent: inout [Int]) {
        let rootA = root(a, in: &parent), rootB = root(b, in: &parent)
        if rootA != rootB { parent[rootA] = rootB }
    }

    private static func root(_ slot: Int, in parent: inout [Int]) -> Int {
        var slot = slot
        while parent[slot] != slot {
            parent[slot] = parent[parent[slot]]
            slot = parent[slot]
        }
        return slot
    }

    private mutating func find(_ slot: Int) -> Int { Self.root(slot, in: &parent) }
}
