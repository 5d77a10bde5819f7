/// The fewest empty cells a flow would still have to cross to join two board sides, following
/// placed tiles for free: a bot's measure of how close a camp is to winning.
enum RouteDistance {
    /// Larger than any real distance (a route crosses at most 37 cells).
    static let unreachable = 64

    static func between(_ from: Int, _ to: Int, on codes: [UInt8]) -> Int {
        let slotCount = Topology.cellCount * 6
        var best = [Int](repeating: unreachable, count: slotCount)
        var expanded = [Bool](repeating: false, count: Topology.cellCount)
        // Costs only grow by 0 or 1, so one bucket per cost visits slots in order.
        var buckets = [[Int]](repeating: [], count: unreachable + 1)
        var answer = unreachable

        func leave(_ cell: Int, through side: Int, cost: Int) {
            let next = Topology.neighbour[cell * 6 + side]
            if next < 0 {
                if Topology.portSide[cell * 6 + side] == to { answer = min(answer, cost) }
                return
            }
            let slot = next * 6 + (side + 3) % 6
            if cost < best[slot] {
                best[slot] = cost
                buckets[cost].append(slot)
            }
        }

        for port in Topology.ports where port.side == from {
            best[port.slot] = 0
            buckets[0].append(port.slot)
        }
        for cost in 0..<unreachable where cost < answer {
            while let slot = buckets[cost].popLast() {
                guard best[slot] == cost else { continue }
                let cell = slot / 6, side = slot % 6
                let code = Int(codes[cell])
                if code == 0 {
                    guard !expanded[cell] else { continue }
                    expanded[cell] = true
                    for exit in 0..<6 where exit != side { leave(cell, through: exit, cost: cost + 1) }
                } else {
                    leave(cell, through: Int(PlacedTile.exitTable[code * 6 + side]), cost: cost)
                }
            }
        }
        return answer
    }
}
