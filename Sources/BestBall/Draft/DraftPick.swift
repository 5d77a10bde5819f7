/// One pick made.
public struct DraftPick: Codable, Sendable, Hashable {
    /// From 1 over the whole draft.
    public var number: Int
    /// The draft slot (from 0) that made it.
    public var team: Int
    public var playerID: String
    public var position: Position
    /// True when the server made the pick for the team (clock expired or the team on autopick).
    public var auto: Bool
    /// Milliseconds since 1970.
    public var at: Int64

    enum CodingKeys: String, CodingKey {
        case number, team, position, auto, at
        case playerID = "player_id"
    }

    public init(number: Int, team: Int, playerID: String, position: Position, auto: Bool, at: Int64) {
        self.number = number
        self.team = team
        self.playerID = playerID
        self.position = position
        self.auto = auto
        self.at = at
    }
}
