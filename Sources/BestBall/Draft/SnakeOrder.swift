/// The snake order: round 1 runs team 0 to N−1, round 2 back from N−1 to 0, and so on.
/// Pick numbers count from 1 over the whole draft; teams count from 0 (the draft slot).
public struct SnakeOrder: Sendable, Hashable {
    public let teams: Int
    public let rounds: Int

    public init(teams: Int, rounds: Int) {
        self.teams = teams
        self.rounds = rounds
    }

    public var totalPicks: Int { teams * rounds }

    /// The round of pick `number`, from 1.
    public func round(of number: Int) -> Int { (number - 1) / teams + 1 }

    /// The pick's place within its round, from 1.
    public func pickInRound(of number: Int) -> Int { (number - 1) % teams + 1 }

    /// The team (draft slot, from 0) that makes pick `number`.
    public func team(making number: Int) -> Int {
        let place = pickInRound(of: number) - 1
        return round(of: number) % 2 == 1 ? place : teams - 1 - place
    }

    /// The label the screens show: round, then the pick in the round with two digits ("2.05").
    public func label(of number: Int) -> String {
        let place = pickInRound(of: number)
        return "\(round(of: number)).\(place < 10 ? "0" : "")\(place)"
    }

    /// Every pick number `team` makes, in order.
    public func picks(of team: Int) -> [Int] {
        (1...rounds).map { round in
            let place = round % 2 == 1 ? team : teams - 1 - team
            return (round - 1) * teams + place + 1
        }
    }

    /// How many picks come before `team`'s next pick, counting from pick `current`: 0 when
    /// `team` is on the clock, nil when it has no pick left.
    public func picksUntil(team: Int, from current: Int) -> Int? {
        picks(of: team).first { $0 >= current }.map { $0 - current }
    }
}
