/// One draftable player as the pool lists them.
public struct DraftPlayer: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var firstName: String
    public var lastName: String
    public var position: Position
    /// The NFL team's abbreviation.
    public var team: String
    public var byeWeek: Int
    /// Average draft position: lower is drafted earlier.
    public var adp: Double
    public var projectedPoints: Double
    public var rank: Int

    public var name: String { "\(firstName) \(lastName)" }

    enum CodingKeys: String, CodingKey {
        case id, position, team, adp, rank
        case firstName = "first_name", lastName = "last_name", byeWeek = "bye_week", projectedPoints = "projected_points"
    }

    public init(
        id: String, firstName: String, lastName: String, position: Position, team: String, byeWeek: Int, adp: Double,
        projectedPoints: Double, rank: Int
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.position = position
        self.team = team
        self.byeWeek = byeWeek
        self.adp = adp
        self.projectedPoints = projectedPoints
        self.rank = rank
    }
}
