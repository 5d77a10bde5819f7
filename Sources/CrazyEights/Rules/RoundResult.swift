/// How one round ended, kept in the state so a results screen can show the last round.
public struct RoundResult: Codable, Hashable, Sendable {
    /// 1 for the first round of the match.
    public var round: Int
    /// Seats that won the round: the one who went out, or every lowest hand of a blocked round.
    public var winners: [Int]
    /// True when nobody went out: the stock could give nothing and every player passed.
    public var blocked: Bool
    /// Points each seat scored this round (the non-winners' hand points, to each winner).
    public var scored: [Int]
    /// Points left in each seat's hand when the round ended.
    public var handPoints: [Int]
    /// Per seat, whether it drew a card during the round; nil in records from before it was kept.
    public var drew: [Bool]?

    private enum CodingKeys: String, CodingKey { case round, winners, blocked, scored, handPoints = "hand_points", drew }

    public init(round: Int, winners: [Int], blocked: Bool, scored: [Int], handPoints: [Int], drew: [Bool]? = nil) {
        self.round = round
        self.winners = winners.sorted()
        self.blocked = blocked
        self.scored = scored
        self.handPoints = handPoints
        self.drew = drew
    }
}
