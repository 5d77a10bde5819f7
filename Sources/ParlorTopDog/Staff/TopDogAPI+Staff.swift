import BestBall
import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP

/// What the operator console needs beyond the other admin operations: a tournament's rooms, a
/// room's board read without being in it, and the player import the command line already had.
extension TopDogAPI {
    package func adminGetTournament(_ input: Operations.AdminGetTournament.Input) async throws -> Operations.AdminGetTournament.Output {
        _ = try await accounts.requireAdmin()
        let (tournament, progress) = try await topDog.tournaments.find(try Self.uuid(input.path.tournamentID, "tournament"))
        let (rooms, money) = try await topDog.database.withConnection { sql in
            (try await LedgerReports.rooms(of: tournament.id, on: sql), try await LedgerReports.money(of: tournament.id, on: sql))
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        tournament: .init(tournament, progress),
                        rooms: .init(
                            filling: rooms[.filling] ?? 0, countdown: rooms[.countdown] ?? 0, active: rooms[.active] ?? 0, paused: rooms[.paused] ?? 0,
                            complete: rooms[.complete] ?? 0, cancelled: rooms[.cancelled] ?? 0),
                        money: .init(
                            feesTakenCents: money.feesTaken, refundedCents: money.refunded, prizesPaidCents: money.prizesPaid,
                            houseShareCents: money.houseShare, escrowCents: money.escrow)))))
    }

    package func adminListTournamentRooms(_ input: Operations.AdminListTournamentRooms.Input) async throws -> Operations.AdminListTournamentRooms.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let (tournament, _) = try await topDog.tournaments.find(try Self.uuid(input.path.tournamentID, "tournament"))
        let rows = try await topDog.database.withConnection { sql in
            try await RoomReports.rooms(of: tournament.id, after: cursor, limit: limit + 1, on: sql)
        }
        let shown = rows.prefix(limit)
        let next = rows.count > limit ? shown.last.map { PageCursor(time: $0.room.createdAt, id: $0.room.id).token } : nil
        let rooms = shown.map { Components.Schemas.AdminRoomSummary(room: .init($0.room), entries: $0.entries, picks: $0.picks) }
        return .ok(.init(body: .json(.init(rooms: rooms, next: next))))
    }

    package func adminGetDraftRoom(_ input: Operations.AdminGetDraftRoom.Input) async throws -> Operations.AdminGetDraftRoom.Output {
        _ = try await accounts.requireAdmin()
        let snapshot = try await topDog.drafts.staffSnapshot(of: try Self.uuid(input.path.roomID, "room"))
        return .ok(.init(body: .json(.init(snapshot))))
    }

    package func adminImportTopDogPlayers(_ input: Operations.AdminImportTopDogPlayers.Input) async throws -> Operations.AdminImportTopDogPlayers.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let reason = try AuditReasons.check(body.reason)
        guard body.csv.utf8.count <= 2_000_000 else { throw APIError.payloadTooLarge(limit: 2_000_000) }
        let players: [DraftPlayer]
        do {
            players = try PlayerImport.players(csv: body.csv)
        } catch {
            let problems = error.problems.map { Components.Schemas.PlayerImportRefusal._ErrorPayload.ProblemsPayloadPayload(line: $0.line, field: $0.field, message: $0.message) }
            let count = problems.count
            return .unprocessableContent(
                .init(
                    body: .json(
                        .init(
                            error: .init(
                                code: "import_refused",
                                message: "the file was not imported: \(count) problem\(count == 1 ? "" : "s") (nothing was written)", problems: problems)))))
        }
        let outcome = try await PlayerImport.store(players, at: topDog.tournaments.millis, by: StaffAction(actor: admin.userID, reason: reason), in: topDog.database)
        topDog.pool.invalidate()
        return .ok(.init(body: .json(.init(imported: players.count, added: outcome.added, updated: outcome.updated))))
    }
}

extension Components.Schemas.AdminDraftBoard {
    /// Every team's picks and the clock; no queue of anyone's is read.
    init(_ snapshot: DraftService.StaffSnapshot) {
        let loaded = snapshot.loaded
        let state = loaded.state
        let picks = Components.Schemas.DraftPickBody.picks(of: loaded, pool: snapshot.pool)
        // A paused room shows its clock as it stood when it paused, as its participants see it.
        var clock: Components.Schemas.DraftClock?
        let room = loaded.room
        if room.status == .active || room.status == .paused, let number = state.currentPick, let slot = state.onTheClock, let started = room.pickStartedAt {
            let now = room.status == .paused ? (room.pausedAt ?? snapshot.now) : snapshot.now
            let event = loaded.eventClock(number: number, slot: slot, startedAt: started, now: now)
            let status = DraftClock(settings: state.settings, startedAt: started, autopick: event.autopick, now: now)
            clock = .init(event, startedAt: started, endsAt: status.endsAt, deadline: room.deadlineAt ?? status.deadline)
        }
        self.init(
            id: room.id, tournamentId: loaded.tournament.id, tournamentTitle: loaded.tournament.title,
            status: .init(rawValue: room.status.rawValue) ?? .filling, seq: room.seq, teams: state.settings.teams, rounds: state.settings.rounds,
            totalPicks: state.settings.totalPicks, pickMillis: state.settings.pickMillis, startsAt: room.startsAt.map(Date.init(millis:)),
            participants: loaded.entries.map { .init(entry: $0.id, name: $0.name, slot: $0.slot) }.sorted { ($0.slot ?? .max, $0.entry) < ($1.slot ?? .max, $1.entry) },
            picks: picks, currentPick: [.active, .paused].contains(room.status) ? state.currentPick : nil, clock: clock, autopick: state.autopilot.sorted(),
            pausedAt: room.status == .paused ? room.pausedAt.map(Date.init(millis:)) : nil)
    }
}
