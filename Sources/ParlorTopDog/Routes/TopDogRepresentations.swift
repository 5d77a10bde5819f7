import BestBall
import Foundation
import ParlorAPI
import ParlorHTTP

extension Components.Schemas.TopDogPlayer {
    init(_ player: DraftPlayer) {
        self.init(
            id: player.id, firstName: player.firstName, lastName: player.lastName, name: player.name, position: .init(player.position),
            team: player.team, byeWeek: player.byeWeek, adp: player.adp, projectedPoints: player.projectedPoints, rank: player.rank)
    }
}

extension Components.Schemas.TopDogPosition {
    init(_ position: Position) {
        switch position {
        case .qb: self = .qb
        case .rb: self = .rb
        case .wr: self = .wr
        case .te: self = .te
        }
    }

    var position: Position {
        switch self {
        case .qb: .qb
        case .rb: .rb
        case .wr: .wr
        case .te: .te
        }
    }
}

extension Components.Schemas.PositionCaps {
    init(_ counts: PositionCounts) { self.init(qb: counts.qb, rb: counts.rb, wr: counts.wr, te: counts.te) }
}

extension Components.Schemas.Tournament {
    init(_ tournament: Tournament, _ progress: TournamentProgress) {
        self.init(
            id: tournament.id, title: tournament.title, entryFeeCents: tournament.entryFeeCents, maxEntries: tournament.maxEntries,
            maxPerUser: tournament.maxPerUser, entries: tournament.entries, firstPlaceCents: tournament.firstPlaceCents,
            totalPrizeCents: tournament.totalPrizeCents, prizes: tournament.prizes, speed: .init(rawValue: tournament.speed.rawValue) ?? .custom,
            pickSeconds: Int(tournament.draft.pickMillis / 1000), teams: tournament.draft.teams, rounds: tournament.draft.rounds,
            caps: .init(tournament.draft.caps), countdownSeconds: Int(tournament.countdownMillis / 1000),
            status: .init(rawValue: progress.status(of: tournament).rawValue) ?? .open,
            progress: tournament.maxEntries > 0 ? min(1, Double(tournament.entries) / Double(tournament.maxEntries)) : nil,
            rooms: progress.rooms, roomsFilling: progress.roomsFilling, roomsDrafting: progress.roomsDrafting, roomsComplete: progress.roomsComplete,
            createdAt: Date(millis: tournament.createdAt), completedAt: tournament.completedAt.map(Date.init(millis:)),
            startsAt: tournament.startsAt.map(Date.init(millis:)), unfilledPolicy: .init(rawValue: tournament.unfilledPolicy.rawValue),
            cancelledAt: tournament.cancelledAt.map(Date.init(millis:)))
    }
}

extension Components.Schemas.TournamentEntry {
    init(_ entry: DraftEntry) {
        self.init(
            id: entry.id, tournamentId: entry.tournamentID, roomId: entry.roomID, slot: entry.slot, order: entry.order, name: entry.name,
            createdAt: Date(millis: entry.createdAt))
    }
}

extension Components.Schemas.WalletTransaction {
    init(_ record: LedgerTransaction) {
        self.init(
            id: record.id, kind: .init(rawValue: record.kind.rawValue) ?? .deposit, status: .init(rawValue: record.status.rawValue) ?? .pending,
            amountCents: record.amountCents, description: record.description, reference: record.reference, failure: record.failure,
            createdAt: Date(millis: record.createdAt), settledAt: record.settledAt.map(Date.init(millis:)))
    }
}

extension Components.Schemas.DraftClock {
    init(_ clock: DraftEvent.Clock, startedAt: Int64, endsAt: Int64, deadline: Int64) {
        self.init(
            pick: clock.pick, label: clock.label, slot: clock.slot, startedAt: Date(millis: startedAt), endsAt: Date(millis: endsAt),
            deadline: Date(millis: deadline), pickMillis: clock.pickMillis, remainingMillis: clock.remainingMillis, autopick: clock.autopick,
            phase: .init(rawValue: clock.phase.rawValue) ?? .normal)
    }
}

extension Components.Schemas.DraftPickBody {
    /// Every pick made in `loaded`, each with its player and the entry that made it.
    static func picks(of loaded: LoadedRoom, pool: PlayerPool) -> [Self] {
        let order = loaded.state.order
        let entryOfSlot = Dictionary(loaded.entries.compactMap { entry in entry.slot.map { ($0, entry.id) } }, uniquingKeysWith: { first, _ in first })
        return loaded.state.picks.compactMap { pick in
            guard let player = pool[pick.playerID] else { return nil }
            return .init(
                number: pick.number, label: order.label(of: pick.number), round: order.round(of: pick.number),
                pickInRound: order.pickInRound(of: pick.number), slot: pick.team, entry: entryOfSlot[pick.team] ?? "", player: .init(player),
                auto: pick.auto, at: Date(millis: pick.at))
        }
    }
}

extension Components.Schemas.DraftRoom {
    /// The room as `snapshot`'s participant sees it: no other participant's queue, ever.
    package init(_ snapshot: DraftService.Snapshot) {
        let loaded = snapshot.loaded
        let state = loaded.state
        let picks = Components.Schemas.DraftPickBody.picks(of: loaded, pool: snapshot.pool)
        let clock = snapshot.clock.flatMap { clock -> Components.Schemas.DraftClock? in
            guard let started = loaded.room.pickStartedAt else { return nil }
            let status = DraftClock(settings: state.settings, startedAt: started, autopick: clock.autopick, now: snapshot.now)
            return .init(clock, startedAt: started, endsAt: status.endsAt, deadline: loaded.room.deadlineAt ?? status.deadline)
        }
        self.init(
            id: loaded.room.id, tournamentId: loaded.tournament.id, tournamentTitle: loaded.tournament.title,
            status: .init(rawValue: loaded.room.status.rawValue) ?? .filling, seq: loaded.room.seq, teams: state.settings.teams,
            rounds: state.settings.rounds, totalPicks: state.settings.totalPicks, pickMillis: state.settings.pickMillis, caps: .init(state.settings.caps),
            startsAt: loaded.room.startsAt.map(Date.init(millis:)),
            participants: loaded.entries.map { .init(entry: $0.id, name: $0.name, slot: $0.slot) }.sorted { ($0.slot ?? .max, $0.entry) < ($1.slot ?? .max, $1.entry) },
            picks: picks, currentPick: [.active, .paused].contains(loaded.room.status) ? state.currentPick : nil, clock: clock, autopick: state.autopilot.sorted(),
            pausedAt: loaded.room.status == .paused ? loaded.room.pausedAt.map(Date.init(millis:)) : nil, myEntry: snapshot.entry.id, mySlot: snapshot.entry.slot, picksUntilMyTurn: snapshot.picksUntilMyTurn)
    }
}
