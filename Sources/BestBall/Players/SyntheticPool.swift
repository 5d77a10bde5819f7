import GameCore

/// A made-up pool of 300 players (40 QB, 100 RB, 110 WR, 50 TE) on 32 made-up teams, the same on
/// every machine, so a fresh install drafts at once. Names and teams are invented and say so:
/// ids start with `syn-` and every team code with `Z`.
public enum SyntheticPool {
    public static let seed: GameSeed = 2026

    public static func players() -> [DraftPlayer] {
        var random = GameRandom(seed: seed)
        let teams = (0..<32).map(teamCode)
        let byes = teams.map { _ in 5 + random.nextInt(below: 10) }
        var drafted: [(position: Position, projected: Double)] = []
        for (position, count, top, floor) in shape {
            for slot in 0..<count {
                // Projections fall off along a curve from the position's best to its floor.
                let share = Double(slot) / Double(max(count - 1, 1))
                let projected = floor + (top - floor) * (1 - share) * (1 - share) + Double(random.nextInt(below: 200)) / 10
                drafted.append((position, projected))
            }
        }
        // ADP follows value over a replacement level per position, with noise, as real markets do.
        let valued = drafted.enumerated().map { offset, player -> (Int, Double) in
            let noise = Double(random.nextInt(below: 300)) / 10
            return (offset, player.projected - replacement[player.position, default: 0] + noise)
        }.sorted { ($0.1, -$0.0) > ($1.1, -$1.0) }
        var players: [DraftPlayer] = []
        var usedNames: Set<String> = []
        for (rank, (offset, _)) in valued.enumerated() {
            let player = drafted[offset]
            var first = firstNames[random.nextInt(below: firstNames.count)]
            var last = lastNames[random.nextInt(below: lastNames.count)]
            while usedNames.contains(first + last) {
                first = firstNames[random.nextInt(below: firstNames.count)]
                last = lastNames[random.nextInt(below: lastNames.count)]
            }
            usedNames.insert(first + last)
            let team = random.nextInt(below: teams.count)
            players.append(
                DraftPlayer(
                    id: "syn-\(String(rank + 1).leftPadded(to: 3))", firstName: first, lastName: last, position: player.position,
                    team: teams[team], byeWeek: byes[team], adp: Double(rank + 1) + Double(random.nextInt(below: 10)) / 10,
                    projectedPoints: (player.projected * 10).rounded() / 10, rank: rank + 1))
        }
        return players
    }

    private static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// "Z" and two letters, different for each of the 32 teams.
    private static func teamCode(_ index: Int) -> String {
        let second: Character = letters[index % 26]
        let third: Character = letters[20 + index / 26]
        return "Z\(second)\(third)"
    }
    private static let shape: [(Position, Int, Double, Double)] = [
        (.qb, 40, 390, 150), (.rb, 100, 320, 40), (.wr, 110, 330, 45), (.te, 50, 250, 35),
    ]
    private static let replacement: [Position: Double] = [.qb: 260, .rb: 120, .wr: 130, .te: 110]
    private static let firstNames = [
        "Avery", "Blake", "Cason", "Dario", "Emory", "Flynn", "Gage", "Hollis", "Idris", "Jalen", "Kellan", "Lorne", "Marek",
        "Nico", "Orrin", "Pax", "Quill", "Rowan", "Soren", "Tobin", "Ulric", "Vance", "Wes", "Xavi", "Yates", "Zane",
    ]
    private static let lastNames = [
        "Ashdown", "Birchwood", "Coldwater", "Dunmore", "Eastbrook", "Fairhaven", "Glenrock", "Highmoor", "Ironside",
        "Juniper", "Kestrel", "Larkspur", "Millbrook", "Northgate", "Oakhurst", "Pinecrest", "Quarry", "Redfern",
        "Stonebridge", "Thornbury", "Underhill", "Valemont", "Westbrook", "Yarrow", "Zephyr",
    ]
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
