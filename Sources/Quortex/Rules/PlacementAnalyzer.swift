/// Decides which placements of one tile are legal, fast enough to enumerate them all on every
/// turn (the benchmark target is under 100 µs).
///
/// A placement is legal on an empty cell when it completes a flow for some camp in play, or when
/// afterwards every camp in play still has a *possible route*: a path through (cell, side) nodes
/// where a placed tile joins its three pairs, an empty cell joins all its sides, and facing sides
/// of neighbours are joined. Reachability is connectivity, and what a tile at empty cell X can do
/// depends only on the components of the route graph without X: which board sides' ports each
/// touches, and which of them X's six neighbours reach. One depth-first search with low links
/// (Tarjan's articulation points) answers that for every X at once: the children of X that no
/// back edge lifts above it become components of their own, and the rest of X's component stays
/// one. Each rotation then only merges the components the tile's three pairs join at X.
struct PlacementAnalyzer {
    private let position: QuortexPosition
    private let tile: TileType
    private let codes: [UInt8]
    /// Per slot: the slot representing its piece of the cell (its tile pair, or the whole empty
    /// cell). The route graph's nodes are these pieces.
    private let group: [Int]
    /// Side bits (from|to) of each camp in play.
    private let goals: [UInt8]
    /// A bit per goal.
    private let allGoals: UInt8
    /// Per board side a flow may start from: camp index in play, or −1.
    private let campOfFlowSide: [Int]
    /// Flows of camps in play that stop at an empty cell: (cell, entry side, start side).
    private let arrivals: [(cell: Int, entry: Int, origin: Int)]

    /// The search's results, per slot (only pieces' entries are read).
    private var facts: [PieceFacts]
    /// Per component of the whole graph: its ports.
    private var componentPorts: [PortCounts] = []
    /// Per goal: how many components of the whole graph meet it.
    private var componentsMeeting: [Int]

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
        allGoals = UInt8(1 << goals.count) &- 1
        self.campOfFlowSide = campOfFlowSide
        let tracer = FlowTracer(codes: codes)
        var arrivals: [(cell: Int, entry: Int, origin: Int)] = []
        for port in Topology.ports where campOfFlowSide[port.side] >= 0 {
            if case .open(let cell, let entry) = tracer.trace(fromCell: port.cellIndex, entry: port.direction.rawValue) {
                arrivals.append((cell, entry, port.side))
            }
        }
        self.arrivals = arrivals
        let slots = Topology.cellCount * 6
        facts = [PieceFacts](repeating: PieceFacts(), count: slots)
        componentsMeeting = [Int](repeating: 0, count: goals.count)
        for port in Topology.ports { facts[group[port.slot]].ports.add(side: port.side) }
        var clock = 0
        for piece in 0..<slots where group[piece] == piece && facts[piece].reached < 0 {
            let ports = search(from: piece, component: componentPorts.count, clock: &clock)
            componentPorts.append(ports)
            let met = meets(ports)
            for goal in goals.indices where met & (1 << goal) != 0 { componentsMeeting[goal] += 1 }
        }
    }

    /// Depth-first search from `piece`, which must not have been reached; returns the ports of
    /// its subtree. Recursion depth is at most the number of pieces (111).
    private mutating func search(from piece: Int, component index: Int, clock: inout Int) -> PortCounts {
        let reached = clock
        clock += 1
        facts[piece].reached = reached
        facts[piece].component = index
        var low = reached
        var size = 1
        var ports = facts[piece].ports
        let cell = piece / 6
        let code = Int(codes[cell])
        let first = piece % 6
        let paired = code == 0 ? first : Int(PlacedTile.exitTable[code * 6 + first])
        let neighbours = Topology.neighbour
        for side in 0..<6 {
            // A placed tile's piece has two sides: the representative and the one it pairs with.
            guard code == 0 || side == first || side == paired else { continue }
            let neighbour = neighbours[cell * 6 + side]
            guard neighbour >= 0 else { continue }
            let next = group[neighbour * 6 + (side + 3) % 6]
            if facts[next].reached < 0 {
                facts[next].parent = piece
                ports.add(search(from: next, component: index, clock: &clock))
                size += facts[next].subtreeSize
                low = min(low, facts[next].low)
            } else if next != facts[piece].parent {
                // Two pieces share at most one pair of facing sides, so the parent is reached
                // only by the tree edge and skipping it skips nothing else.
                low = min(low, facts[next].reached)
            }
        }
        facts[piece].low = low
        facts[piece].subtreeSize = size
        facts[piece].ports = ports
        return ports
    }

    /// A bit per goal that a component with `ports` meets (it touches both of the goal's sides).
    private func meets(_ ports: PortCounts) -> UInt8 {
        let sides = ports.sides
        var met: UInt8 = 0
        for (index, goal) in goals.enumerated() where sides & goal == goal { met |= 1 << index }
        return met
    }

    /// Every legal placement, by cell then rotation.
    func legalPlacements() -> [Placement] {
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
    func hasLegalPlacement() -> Bool {
        (0..<Topology.cellCount).contains { codes[$0] == 0 && legalRotationBits(atCellIndex: $0) != 0 }
    }

    /// Legal rotations (0…5, ascending) at an empty cell.
    func legalRotations(atCellIndex x: Int) -> [Int] {
        let legal = legalRotationBits(atCellIndex: x)
        return (0..<6).filter { legal & (1 << $0) != 0 }
    }

    /// Bit r set when rotation r is legal at cell `x`. The six endpoints and the per-rotation
    /// scratch live in SIMD values, not arrays: this runs for every empty cell on every turn, and
    /// arrays would allocate on every call.
    private func legalRotationBits(atCellIndex x: Int) -> UInt8 {
        guard codes[x] == 0 else { return 0 }
        let piece = x * 6
        // Without X its component falls apart into the subtrees of the children that no back
        // edge lifts above X, and the rest (its ancestors and the other children's subtrees).
        var separated = SIMD8<Int>(repeating: -1)
        let whole = componentPorts[facts[piece].component]
        var rest = whole.removing(facts[piece].ports)
        // Goals another component already meets stay met.
        let wholeMeets = meets(whole)
        var baseSatisfied: UInt8 = 0
        for (goal, count) in componentsMeeting.enumerated() where count > Int(wholeMeets >> goal & 1) {
            baseSatisfied |= 1 << goal
        }
        for side in 0..<6 {
            let neighbour = Topology.neighbour[x * 6 + side]
            guard neighbour >= 0 else { continue }
            let child = group[neighbour * 6 + (side + 3) % 6]
            guard facts[child].parent == piece else { continue }
            if facts[child].low >= facts[piece].reached {
                separated[side] = child
                baseSatisfied |= meets(facts[child].ports)
            } else {
                rest = rest.adding(facts[child].ports)
            }
        }
        baseSatisfied |= meets(rest)
        // Every camp keeps a route whatever goes on X, as on most cells early in a game.
        if baseSatisfied == allGoals { return 0b11_1111 }
        var endpoint = SIMD8<Int>(repeating: 0)
        var endpointMask = SIMD8<UInt8>(repeating: 0)
        for side in 0..<6 {
            let neighbour = Topology.neighbour[x * 6 + side]
            guard neighbour >= 0 else {
                endpoint[side] = -1 - side
                endpointMask[side] = 1 << Topology.portSide[x * 6 + side]
                continue
            }
            let next = group[neighbour * 6 + (side + 3) % 6]
            // The rest of the component, unless a separated child's subtree holds the neighbour.
            endpoint[side] = Topology.cellCount * 6
            endpointMask[side] = rest.sides
            for childSide in 0..<6 where separated[childSide] >= 0 {
                let child = separated[childSide]
                if facts[child].reached <= facts[next].reached && facts[next].reached < facts[child].reached + facts[child].subtreeSize {
                    endpoint[side] = child
                    endpointMask[side] = facts[child].ports.sides
                    break
                }
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
}

/// What the search learned about one piece: when it was reached (−1 until it is), the earliest
/// piece a back edge from its subtree reaches, how many pieces its subtree holds, its parent
/// (−1 for a root), its component, and its subtree's ports (its own until the search is back).
private struct PieceFacts {
    var reached = -1
    var low = 0
    var subtreeSize = 0
    var parent = -1
    var component = -1
    var ports = PortCounts()
}
