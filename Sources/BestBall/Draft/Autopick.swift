/// The player the server drafts for a team that did not pick in time.
///
/// The team's queue comes first (its first player still available who fits), then the best
/// available by ADP who fits. "Fits" means under the position cap and leaving enough picks to
/// fill a lineup: a team never ends its draft without a quarterback because it slept through it.
public enum Autopick {
    public static func choice(for team: Int, in state: DraftState, queue: [String], pool: PlayerPool) -> DraftPlayer? {
        let drafted = state.draftedIDs
        let counts = state.counts(of: team)
        let picksLeft = state.settings.rounds - counts.total
        let fits = { (player: DraftPlayer) -> Bool in
            !drafted.contains(player.id) && fitsRoster(player.position, counts: counts, caps: state.settings.caps, picksLeft: picksLeft)
        }
        for id in queue {
            if let player = pool[id], fits(player) { return player }
        }
        return pool.players.first(where: fits)
    }

    /// Whether a team holding `counts` with `picksLeft` picks to make (this one included) can take
    /// a `position` and still fill every lineup slot.
    static func fitsRoster(_ position: Position, counts: PositionCounts, caps: PositionCounts, picksLeft: Int) -> Bool {
        guard counts[position] < caps[position] else { return false }
        var after = counts
        after[position] += 1
        let stillNeeded = Position.allCases.reduce(0) { $0 + max(0, PositionCounts.lineupMinimum[$1] - after[$1]) }
        return stillNeeded <= picksLeft - 1
    }
}
