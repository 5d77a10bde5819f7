import Foundation
import BestBall
import ParlorHTTP

/// What an admin sends to create a tournament, checked whole: every bad field is named at once.
package struct TournamentInput: Sendable {
    package var title: String
    package var entryFeeCents: Int64
    package var maxEntries = 0
    package var maxPerUser = 0
    /// Prize by final rank, first place first.
    package var prizes: [Int64] = []
    package var speed: Tournament.Speed = .fast
    /// Only for the custom speed.
    package var pickSeconds: Int?
    package var teams = 12
    package var rounds = 18
    package var caps = PositionCounts.defaultCaps
    package var countdownSeconds = 10
    package var podSize = 10
    /// When entries close and unfilled rooms meet `unfilledPolicy`; nil for none.
    package var startsAt: Int64?
    package var unfilledPolicy: Tournament.UnfilledPolicy = .fillWithHouse

    package init(title: String, entryFeeCents: Int64) {
        self.title = title
        self.entryFeeCents = entryFeeCents
    }

    func tournament(id: String, at time: Int64) throws -> Tournament {
        var validator = FieldValidator()
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        validator.check((1...80).contains(title.count), "title", "must be 1 to 80 characters")
        validator.check((0...1_000_000).contains(entryFeeCents), "entry_fee_cents", "must be 0 to 1,000,000")
        validator.check((0...10_000_000).contains(maxEntries), "max_entries", "must be 0 (unlimited) to 10,000,000")
        validator.check((0...TournamentService.maximumEntriesPerJoin * 10).contains(maxPerUser), "max_per_user", "must be 0 (unlimited) to 1,500")
        validator.check(prizes.count <= 10_000, "prizes", "lists at most 10,000 places")
        validator.check(prizes.allSatisfy { (0...1_000_000_000).contains($0) }, "prizes", "each prize must be 0 to 1,000,000,000 cents")
        validator.check(zip(prizes, prizes.dropFirst()).allSatisfy { $0 >= $1 }, "prizes", "must not pay a lower place more than a higher one")
        validator.check((0...3_600).contains(countdownSeconds), "countdown_seconds", "must be 0 to 3,600")
        validator.check((2...100).contains(podSize), "pod_size", "must be 2 to 100")
        if let startsAt { validator.check(startsAt > time, "starts_at", "must be in the future") }
        let pickMillis: Int64
        if let fixed = Tournament.pickMillis(for: speed) {
            validator.check(pickSeconds == nil, "pick_seconds", "is only for the custom speed")
            pickMillis = fixed
        } else {
            let seconds = pickSeconds ?? 0
            validator.check((1...86_400).contains(seconds), "pick_seconds", "must be 1 to 86,400 for the custom speed")
            pickMillis = Int64(seconds) * 1000
        }
        // Slow drafts get a minute's grace; a clock of a few seconds (a bot test) gets a fraction.
        let grace = min(pickMillis / 10, speed == .slow ? 60_000 : 2_000)
        let draft = DraftSettings(
            teams: teams, rounds: rounds, caps: caps, pickMillis: pickMillis, graceMillis: grace, warningMillis: 10_000, criticalMillis: 5_000,
            autopickMillis: min(1_000, pickMillis / 2))
        if let problem = draft.problem { validator.fail(Self.field(ofDraftProblem: problem), problem) }
        try validator.validate()
        return Tournament(
            id: id, title: title, entryFeeCents: entryFeeCents, maxEntries: maxEntries, maxPerUser: maxPerUser, firstPlaceCents: prizes.first ?? 0,
            prizes: prizes, speed: speed, draft: draft, schedule: .standard(podSize: podSize), countdownMillis: Int64(countdownSeconds) * 1000,
            entries: 0, createdAt: time, completedAt: nil, startsAt: startsAt, unfilledPolicy: unfilledPolicy)
    }

    private static func field(ofDraftProblem problem: String) -> String {
        if problem.hasPrefix("teams") { return "teams" }
        if problem.hasPrefix("rounds") { return "rounds" }
        if problem.contains("cap") { return "caps" }
        return "pick_seconds"
    }
}
