/// How many ports of each board side a part of the route graph touches, six 8-bit counts in one
/// word (a side has 7 ports). Counts rather than a bit set, so that a subtree's ports can be
/// taken back out of its component's.
struct PortCounts: Equatable {
    private var packed: UInt64 = 0

    mutating func add(side: Int) { packed &+= 1 << (8 * UInt64(side)) }

    mutating func add(_ other: PortCounts) { packed &+= other.packed }

    func adding(_ other: PortCounts) -> PortCounts { PortCounts(packed: packed &+ other.packed) }

    /// `other` must be a part of these ports.
    func removing(_ other: PortCounts) -> PortCounts { PortCounts(packed: packed &- other.packed) }

    /// Bit `side` set for each board side with at least one port.
    var sides: UInt8 {
        var sides: UInt8 = 0
        for side in 0..<6 where packed >> (8 * UInt64(side)) & 0xFF != 0 { sides |= 1 << side }
        return sides
    }
}
