import BestBall
import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP

/// Running TopDog: the admin's pause, resume, edit and cancel (each audited), its reads of
/// tournaments' money, a user's ledger and payments; and the players' standings.
extension TopDogAPI {
    package func adminPauseDraft(_ input: Operations.AdminPauseDraft.Input) async throws -> Operations.AdminPauseDraft.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let room = try await topDog.drafts.pause(try Self.uuid(input.path.roomID, "room"), by: admin.userID, reason: body.reason)
        return .ok(.init(body: .json(.init(room))))
    }

    package func adminResumeDraft(_ input: Operations.AdminResumeDraft.Input) async throws -> Operations.AdminResumeDraft.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let room = try await topDog.drafts.resume(try Self.uuid(input.path.roomID, "room"), by: admin.userID, reason: body.reason)
        return .ok(.init(body: .json(.init(room))))
    }

    package func adminEditTournament(_ input: Operations.AdminEditTournament.Input) async throws -> Operations.AdminEditTournament.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var edit = TournamentEdit()
        edit.title = body.title
        edit.startsAt = body.startsAt.map(\.millis)
        edit.entryFeeCents = body.entryFeeCents
        edit.prizes = body.prizes
        edit.unfilledPolicy = try body.unfilledPolicy.map(Self.policy)
        let (tournament, progress) = try await topDog.tournaments.edit(
            try Self.uuid(input.path.tournamentID, "tournament"), edit, by: admin.userID, reason: body.reason)
        return .ok(.init(body: .json(.init(tournament, progress))))
    }

    package func adminCancelTournament(_ input: Operations.AdminCancelTournament.Input) async throws -> Operations.AdminCancelTournament.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let (tournament, progress) = try await topDog.tournaments.cancel(
            try Self.uuid(input.path.tournamentID, "tournament"), by: admin.userID, reason: body.reason)
        return .ok(.init(body: .json(.init(tournament, progress))))
    }

    package func adminListTournaments(_ input: Operations.AdminListTournaments.Input) async throws -> Operations.AdminListTournaments.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let (items, next) = try await topDog.database.withConnection { sql in
            let page = try await LedgerReports.tournaments(after: cursor, limit: limit + 1, on: sql)
            let progress = try await TournamentStore.progress(on: sql)
            var items: [Components.Schemas.AdminTournament] = []
            for tournament in page.prefix(limit) {
                let rooms = try await LedgerReports.rooms(of: tournament.id, on: sql)
                let money = try await LedgerReports.money(of: tournament.id, on: sql)
                items.append(
                    .init(
                        tournament: .init(tournament, progress[tournament.id] ?? TournamentProgress()),
                        rooms: .init(
                            filling: rooms[.filling] ?? 0, countdown: rooms[.countdown] ?? 0, active: rooms[.active] ?? 0, paused: rooms[.paused] ?? 0,
                            complete: rooms[.complete] ?? 0, cancelled: rooms[.cancelled] ?? 0),
                        money: .init(
                            feesTakenCents: money.feesTaken, refundedCents: money.refunded, prizesPaidCents: money.prizesPaid,
                            houseShareCents: money.houseShare, escrowCents: money.escrow)))
            }
            let next = page.count > limit ? page.prefix(limit).last.map { PageCursor(time: $0.createdAt, id: $0.id).token } : nil
            return (items, next)
        }
        return .ok(.init(body: .json(.init(tournaments: items, next: next))))
    }

    package func adminUserLedger(_ input: Operations.AdminUserLedger.Input) async throws -> Operations.AdminUserLedger.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let user = input.path.userID.lowercased()
        let page = try await topDog.wallet.history(of: user, cursor: input.query.cursor, limit: limit)
        let balance = try await topDog.wallet.balance(of: user)
        return .ok(
            .init(
                body: .json(
                    .init(
                        userId: user, balanceCents: balance, transactions: page.transactions.map(Components.Schemas.WalletTransaction.init),
                        next: page.next))))
    }

    package func adminListPayments(_ input: Operations.AdminListPayments.Input) async throws -> Operations.AdminListPayments.Output {
        _ = try await accounts.requireAdmin()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let status = LedgerTransaction.Status(rawValue: input.query.status?.rawValue ?? "pending") ?? .pending
        let rows = try await topDog.database.withConnection { sql in
            try await LedgerReports.payments(status, after: cursor, limit: limit + 1, on: sql)
        }
        let shown = rows.prefix(limit)
        let next = rows.count > limit ? shown.last.map { PageCursor(time: $0.createdAt, id: $0.id).token } : nil
        let payments = shown.map { Components.Schemas.AdminPayment(userId: $0.userID ?? "", transaction: .init($0)) }
        return .ok(.init(body: .json(.init(payments: payments, next: next))))
    }

    package func getTournamentStandings(_ input: Operations.GetTournamentStandings.Input) async throws -> Operations.GetTournamentStandings.Output {
        let caller = try await accounts.authenticate()
        let limit = try PageCursor.limit(input.query.limit)
        let (tournament, progress) = try await topDog.tournaments.find(input.path.tournamentID.lowercased())
        // The rounds computed since the last read are stored first, once, by whichever reader gets there.
        try await TournamentRounds.storeDue(tournament, at: topDog.tournaments.millis, in: topDog.database)
        let page = try await topDog.database.withConnection { sql in
            try await TournamentRounds.page(of: tournament, for: caller.userID, cursor: input.query.cursor, limit: limit, on: sql)
        }
        let rounds = tournament.schedule.rounds
        func name(_ index: Int) -> String { index < rounds.count ? rounds[index].name : "" }
        func place(_ place: TournamentRounds.Place) -> Components.Schemas.StandingPlace {
            .init(
                rank: place.rank, entry: place.entry, name: place.name, roundReached: name(place.roundReached), points: place.points.value,
                prizeCents: place.prizeCents, mine: place.mine)
        }
        let mine = page.mine.map { entry in
            Components.Schemas.MyStanding(
                entry: entry.entry, name: entry.name, rank: entry.rank,
                rounds: entry.rounds.map { round in
                    .init(
                        round: name(round.round), firstWeek: round.round < rounds.count ? rounds[round.round].firstWeek : 0,
                        lastWeek: round.round < rounds.count ? rounds[round.round].lastWeek : 0, group: round.group, rank: round.groupRank,
                        points: round.points.value, advanced: round.advanced, matchup: round.matchup.map(place))
                })
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        tournamentId: tournament.id, status: .init(rawValue: progress.status(of: tournament).rawValue) ?? .open,
                        round: page.round.map(name), standings: page.places.map(place), mine: mine, next: page.next))))
    }

    static func policy(_ text: String) throws -> Tournament.UnfilledPolicy {
        guard let policy = Tournament.UnfilledPolicy(rawValue: text) else {
            throw APIError.invalidField("unfilled_policy", "must be fill_with_house or cancel_room")
        }
        return policy
    }
}

extension Components.Schemas.AdminDraftRoom {
    init(_ room: DraftRoom) {
        self.init(
            id: room.id, tournamentId: room.tournamentID, status: .init(rawValue: room.status.rawValue) ?? .filling, seats: room.seats, seq: room.seq,
            pausedAt: room.pausedAt.map(Date.init(millis:)), startsAt: room.status == .countdown ? room.startsAt.map(Date.init(millis:)) : nil,
            deadline: room.status == .active ? room.deadlineAt.map(Date.init(millis:)) : nil)
    }
}
