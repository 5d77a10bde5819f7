/// Which way play goes round the table. Clockwise means to the next higher seat number.
public enum TurnDirection: String, Codable, CaseIterable, Hashable, Sendable {
    case clockwise, counterclockwise

    public var reversed: TurnDirection { self == .clockwise ? .counterclockwise : .clockwise }

    /// The seat `steps` places after `seat` in this direction at a table of `players`.
    public func seat(after seat: Int, steps: Int = 1, players: Int) -> Int {
        guard players > 0 else { return seat }
        let offset = self == .clockwise ? steps : -steps
        return ((seat + offset) % players + players) % players
    }
}
