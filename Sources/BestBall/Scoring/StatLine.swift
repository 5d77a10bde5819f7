/// One player's box score for one week, and its half-PPR fantasy points.
public struct StatLine: Codable, Sendable, Hashable {
    public var receptions = 0
    public var rushingYards = 0
    public var receivingYards = 0
    public var rushingTouchdowns = 0
    public var receivingTouchdowns = 0
    public var passingYards = 0
    public var passingTouchdowns = 0
    public var interceptions = 0
    public var twoPointConversions = 0
    public var fumblesLost = 0

    enum CodingKeys: String, CodingKey {
        case receptions, interceptions
        case rushingYards = "rushing_yards", receivingYards = "receiving_yards", rushingTouchdowns = "rushing_touchdowns"
        case receivingTouchdowns = "receiving_touchdowns", passingYards = "passing_yards", passingTouchdowns = "passing_touchdowns"
        case twoPointConversions = "two_point_conversions", fumblesLost = "fumbles_lost"
    }

    public init(
        receptions: Int = 0, rushingYards: Int = 0, receivingYards: Int = 0, rushingTouchdowns: Int = 0, receivingTouchdowns: Int = 0,
        passingYards: Int = 0, passingTouchdowns: Int = 0, interceptions: Int = 0, twoPointConversions: Int = 0, fumblesLost: Int = 0
    ) {
        self.receptions = receptions
        self.rushingYards = rushingYards
        self.receivingYards = receivingYards
        self.rushingTouchdowns = rushingTouchdowns
        self.receivingTouchdowns = receivingTouchdowns
        self.passingYards = passingYards
        self.passingTouchdowns = passingTouchdowns
        self.interceptions = interceptions
        self.twoPointConversions = twoPointConversions
        self.fumblesLost = fumblesLost
    }

    /// Half-PPR: reception 0.5, rushing or receiving yard 0.1, rushing or receiving touchdown 6,
    /// passing yard 0.04, passing touchdown 4, interception −1, two-point conversion 2, fumble lost −2.
    public var points: Points {
        let hundredths =
            receptions * 50 + (rushingYards + receivingYards) * 10 + (rushingTouchdowns + receivingTouchdowns) * 600 + passingYards * 4
            + passingTouchdowns * 400 - interceptions * 100 + twoPointConversions * 200 - fumblesLost * 200
        return Points(hundredths: hundredths)
    }
}
