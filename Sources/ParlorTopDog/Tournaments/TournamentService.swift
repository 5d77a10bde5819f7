import BestBall
import Foundation
import GameCore
import HTTPTypes
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// Tournaments: created by admins, listed in the lobby, joined with entries that are paid for
/// from the user's balance and seated in 12-team rooms.
package struct TournamentService: Sendable {
    let database: Database
    let drafts: DraftService
    let now: @Sendable () -> Date

    package init(database: Database, drafts: DraftService, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.drafts = drafts
        self.now = now
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// The most entries one request may buy.
    package static let maximumEntriesPerJoin = 150

    package func create(_ input: TournamentInput, by staff: StaffAction) async throws -> Tournament {
        try await Self.create(input, in: database, at: now(), by: staff)
    }

    /// A new tournament; `staff` (when an admin made it through the API) is recorded with it.
    package static func create(_ input: TournamentInput, in database: Database, at time: Date, by staff: StaffAction? = nil) async throws -> Tournament {
        let millis = Int64((time.timeIntervalSince1970 * 1000).rounded())
        let tournament = try input.tournament(id: UUID().uuidString.lowercased(), at: millis)
        try await database.transaction { sql in
            try await TournamentStore.insert(tournament, on: sql)
            try await staff?.record("topdog.tournament.create", on: "tournament", tournament.id, details: ["title": tournament.title], at: millis, in: sql)
        }
        return tournament
    }

    package func list() async throws -> [(Tournament, TournamentProgress)] {
        try await database.withConnection { sql in
            let progress = try await TournamentStore.progress(on: sql)
            return try await TournamentStore.all(on: sql).map { ($0, progress[$0.id] ?? TournamentProgress()) }
        }
    }

    package func find(_ id: String) async throws -> (Tournament, TournamentProgress) {
        try await database.withConnection { sql in
            guard let tournament = try await TournamentStore.find(id, on: sql) else { throw APIError.tournamentNotFound(id) }
            return (tournament, try await TournamentStore.progress(on: sql)[id] ?? TournamentProgress())
        }
    }

    /// Buys `count` entries for `user`, seating each in a room without another of theirs. One
    /// transaction: the fee is taken, the entries seated and full rooms set counting down, or
    /// nothing happens. `key` makes it idempotent: a repeat answers the same entries.
    package func join(_ id: String, count: Int, user: AuthenticatedUser, name: String, key: String) async throws -> [DraftEntry] {
        try WalletService.check(key: key)
        guard (1...Self.maximumEntriesPerJoin).contains(count) else {
            throw APIError.invalidField("count", "must be 1 to \(Self.maximumEntriesPerJoin)")
        }
        let time = millis
        let fingerprint = "entry:\(id):\(count)"
        let userID = user.userID
        return try await drafts.bus.transaction(on: database) { sql, announcements in
            if let paid = try await LedgerStore.find(user: userID, key: key, on: sql) {
                guard paid.fingerprint == fingerprint else { throw APIError.idempotencyKeyReused }
                return try await RoomStore.entries(paidBy: paid.id, on: sql)
            }
            guard let tournament = try await TournamentStore.lock(id, on: sql) else { throw APIError.tournamentNotFound(id) }
            guard tournament.completedAt == nil else { throw APIError.tournamentClosed }
            guard tournament.cancelledAt == nil else { throw APIError.tournamentCancelled }
            // Past the start time the unfilled rooms are settled: a new room could never fill.
            if tournament.startedAt != nil || (tournament.startsAt ?? .max) <= time { throw APIError.tournamentStarted }
            if tournament.maxEntries > 0, tournament.entries + count > tournament.maxEntries {
                throw APIError.tournamentFull(left: max(0, tournament.maxEntries - tournament.entries))
            }
            if tournament.maxPerUser > 0 {
                let held = try await RoomStore.entryCount(of: userID, in: id, on: sql)
                if held + count > tournament.maxPerUser { throw APIError.entryLimit(tournament.maxPerUser, held: held) }
            }
            let transaction = LedgerTransaction(
                id: UUID().uuidString.lowercased(), userID: userID, kind: .entryFee, status: .settled,
                amountCents: -tournament.entryFeeCents * Int64(count), idempotencyKey: key, fingerprint: fingerprint, reference: id,
                description: "\(count) \(count == 1 ? "entry" : "entries") in \(tournament.title)", failure: nil, createdAt: time, settledAt: time)
            try await LedgerStore.insert(transaction, on: sql)
            let fee = tournament.entryFeeCents * Int64(count)
            if fee > 0 {
                do {
                    try await LedgerStore.post(
                        transaction.id, legs: [Posting(LedgerAccount.user(userID), -fee), Posting(LedgerAccount.escrow(id), fee)], at: time, on: sql)
                } catch LedgerError.insufficientBalance {
                    throw APIError.insufficientBalance
                }
            }
            var entries: [DraftEntry] = []
            for index in 0..<count {
                let entry = DraftEntry(
                    id: UUID().uuidString.lowercased(), tournamentID: id, roomID: "", userID: userID, name: name,
                    order: tournament.entries + index + 1, slot: nil, transactionID: transaction.id, createdAt: time)
                entries.append(try await seat(entry, in: tournament, at: time, on: sql, announcing: announcements))
            }
            try await TournamentStore.addEntries(count, to: id, on: sql)
            return entries
        }
    }

    /// Seats `entry` in the tournament's oldest filling room without the user, or a new room; a
    /// room that fills deals its draft slots at random and starts counting down. The entry comes
    /// back with its slot when its arrival filled the room (each of a join's entries goes to a
    /// different room, so no earlier one of them is in a room this one fills).
    private func seat(
        _ entry: DraftEntry, in tournament: Tournament, at time: Int64, on sql: any SQLDatabase, announcing announcements: Announcements
    ) async throws -> DraftEntry {
        var room: DraftRoom
        if let filling = try await RoomStore.fillingRoom(in: tournament.id, without: entry.userID, on: sql),
            let locked = try await RoomStore.lock(filling.id, on: sql)
        {
            room = locked
        } else {
            room = DraftRoom(
                id: UUID().uuidString.lowercased(), tournamentID: tournament.id, status: .filling, seats: 0, seq: 0, startsAt: nil,
                pickStartedAt: nil, warnAt: nil, deadlineAt: nil, dueAt: nil, autopilot: [], createdAt: time, completedAt: nil)
            try await RoomStore.insert(room, on: sql)
        }
        var seated = entry
        seated.roomID = room.id
        try await RoomStore.insert(seated, on: sql)
        room.seats += 1
        var change = RoomChange()
        var joined = DraftEvent(kind: .participantJoined, at: time)
        joined.participant = DraftEvent.Participant(entry: seated.id, name: seated.name, slot: nil)
        change.events.append(joined)
        var loaded = LoadedRoom(room: room, tournament: tournament, entries: [], state: DraftState(settings: tournament.draft))
        if room.seats >= tournament.draft.teams {
            try await drafts.fill(&loaded, at: time, into: &change, on: sql)
            seated.slot = loaded.entries.first { $0.id == seated.id }?.slot
        }
        try await drafts.store(change, of: &loaded, at: time, on: sql, announcing: announcements)
        return seated
    }
}

extension APIError {
    package static func tournamentNotFound(_ id: String) -> APIError { .notFound("there is no tournament \(id)") }

    package static let tournamentClosed = APIError(.conflict, code: "tournament_closed", message: "this tournament is complete")

    package static func tournamentFull(left: Int) -> APIError {
        APIError(.conflict, code: "tournament_full", message: left == 0 ? "every entry is taken" : "only \(left) entries are left")
    }

    package static func entryLimit(_ limit: Int, held: Int) -> APIError {
        APIError(.conflict, code: "entry_limit", message: "at most \(limit) entries per user; you hold \(held)")
    }
}
