/// The six directions out of a hex cell, numbered clockwise from south-west.
public enum Direction: Int, CaseIterable, Codable, Hashable, Sendable {
    case southWest = 0, west, northWest, northEast, east, southEast

    /// Axial (row, col) step to the neighbouring cell.
    public var offset: (row: Int, col: Int) {
        switch self {
        case .southWest: (1, -1)
        case .west: (0, -1)
        case .northWest: (-1, 0)
        case .northEast: (-1, 1)
        case .east: (0, 1)
        case .southEast: (1, 0)
        }
    }

    public var opposite: Direction { rotated(by: 3) }

    /// The direction `steps` sixths of a turn clockwise from this one.
    public func rotated(by steps: Int) -> Direction {
        // `rawValue + steps` is reduced into 0...5 for any integer `steps`.
        Direction(rawValue: ((rawValue + steps) % 6 + 6) % 6) ?? self
    }

    public var abbreviation: String {
        switch self {
        case .southWest: "SW"
        case .west: "W"
        case .northWest: "NW"
        case .northEast: "NE"
        case .east: "E"
        case .southEast: "SE"
        }
    }
}
