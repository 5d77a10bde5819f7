import BestBall
import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// What an operator may change in a tournament before its first room drafts. Left out: as it is.
package struct TournamentEdit: Sendable {
    package var title: String?
    package var startsAt: Int64?
    /// Only while no entry is taken: a fee changed under paid entries would need every entry
    /// charged or refunded the difference, so it is refused instead (`fee_locked`).
    package var entryFeeCents: Int64?
    package var prizes: [Int64]?
    package var unfilledPolicy: Tournament.UnfilledPolicy?

    package init() {}
}

/// An operator edits a tournament before it drafts, or cancels it: every entry refunded from the
/// escrow through the ledger, every room not yet drafted closed and told. Each action and its
/// audit record commit together.
extension TournamentService {
    package func edit(_ id: String, _ edit: TournamentEdit, by actor: String, reason: String) async throws -> (Tournament, TournamentProgress) {
        let reason = try AuditReasons.check(reason)
        let time = millis
        var validator = FieldValidator()
        let title = edit.title?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let title { validator.check((1...80).contains(title.count), "title", "must be 1 to 80 characters") }
        if let fee = edit.entryFeeCents { validator.check((0...1_000_000).contains(fee), "entry_fee_cents", "must be 0 to 1,000,000") }
        if let prizes = edit.prizes {
            validator.check(prizes.count <= 10_000, "prizes", "lists at most 10,000 places")
            validator.check(prizes.allSatisfy { (0...1_000_000_000).contains($0) }, "prizes", "each prize must be 0 to 1,000,000,000 cents")
            validator.check(zip(prizes, prizes.dropFirst()).allSatisfy { $0 >= $1 }, "prizes", "must not pay a lower place more than a higher one")
        }
        if let startsAt = edit.startsAt { validator.check(startsAt > time, "starts_at", "must be in the future") }
        try validator.validate()
        return try await database.transaction { sql in
            guard var tournament = try await TournamentStore.lock(id, on: sql) else { throw APIError.tournamentNotFound(id) }
            try Self.checkOpen(tournament)
            if tournament.startedAt != nil { throw APIError.tournamentStarted }
            let drafting = try await TournamentStore.rooms(of: id, in: [.countdown, .active, .paused, .complete], on: sql)
            guard drafting.isEmpty else { throw APIError.tournamentDrafting }
            var details: [String: String] = [:]
            if let title, title != tournament.title {
                details["title"] = "\(tournament.title) → \(title)"
                tournament.title = title
            }
            if let fee = edit.entryFeeCents, fee != tournament.entryFeeCents {
                guard tournament.entries == 0 else { throw APIError.feeLocked }
                details["entry_fee_cents"] = "\(tournament.entryFeeCents) → \(fee)"
                tournament.entryFeeCents = fee
            }
            if let prizes = edit.prizes, prizes != tournament.prizes {
                details["prizes_total_cents"] = "\(tournament.totalPrizeCents) → \(prizes.reduce(0, +))"
                tournament.prizes = prizes
                tournament.firstPlaceCents = prizes.first ?? 0
            }
            if let startsAt = edit.startsAt, startsAt != tournament.startsAt {
                details["starts_at"] = "\(tournament.startsAt.map(String.init) ?? "none") → \(startsAt)"
                tournament.startsAt = startsAt
            }
            if let policy = edit.unfilledPolicy, policy != tournament.unfilledPolicy {
                details["unfilled_policy"] = "\(tournament.unfilledPolicy.rawValue) → \(policy.rawValue)"
                tournament.unfilledPolicy = policy
            }
            try await TournamentStore.saveEdit(tournament, on: sql)
            try await AdminAudit.record(
                AuditEntry(actor: actor, action: "topdog.tournament.edit", targetKind: "tournament", targetID: id, reason: reason, details: details),
                at: time, on: sql)
            return (tournament, try await TournamentStore.progress(on: sql)[id] ?? TournamentProgress())
        }
    }

    /// Cancels the tournament: refunds every entry (once each, whatever retries), closes every
    /// room that has not finished drafting and tells its participants.
    package func cancel(_ id: String, by actor: String, reason: String) async throws -> (Tournament, TournamentProgress) {
        let reason = try AuditReasons.check(reason)
        let time = millis
        let (tournament, progress, _) = try await drafts.bus.transaction(on: database) { sql, announcements in
            guard var tournament = try await TournamentStore.lock(id, on: sql) else { throw APIError.tournamentNotFound(id) }
            try Self.checkOpen(tournament)
            guard try await TournamentStore.cancel(id, at: time, on: sql) else { throw APIError.tournamentCancelled }
            tournament.cancelledAt = time
            var closed: [LoadedRoom] = []
            for room in try await TournamentStore.rooms(of: id, in: [.filling, .countdown, .active, .paused], on: sql) {
                guard var loaded = try await drafts.load(room, lock: true, on: sql) else { continue }
                var change = RoomChange()
                loaded.close(at: time, into: &change)
                try await drafts.store(change, of: &loaded, at: time, on: sql, announcing: announcements)
                closed.append(loaded)
            }
            let entries = try await RoomStore.entries(inTournament: id, on: sql)
            let refunded = try await Refunds.refund(entries, of: tournament, why: "cancelled", at: time, on: sql)
            try await AdminAudit.record(
                AuditEntry(
                    actor: actor, action: "topdog.tournament.cancel", targetKind: "tournament", targetID: id, reason: reason,
                    details: ["entries": String(entries.count), "refunded_cents": String(refunded), "rooms_closed": String(closed.count)]),
                at: time, on: sql)
            let progress = try await TournamentStore.progress(on: sql)[id] ?? TournamentProgress()
            return (tournament, progress, closed)
        } committed: { result in
            drafts.committed(result.2)
        }
        return (tournament, progress)
    }

    private static func checkOpen(_ tournament: Tournament) throws {
        if tournament.cancelledAt != nil { throw APIError.tournamentCancelled }
        if tournament.completedAt != nil { throw APIError.tournamentClosed }
    }
}

extension APIError {
    package static let tournamentCancelled = APIError(.conflict, code: "tournament_cancelled", message: "this tournament was cancelled and its entries refunded")
    package static let tournamentStarted = APIError(
        .conflict, code: "tournament_started", message: "this tournament's start time has passed: entries are closed and its rooms settled")
    package static let tournamentDrafting = APIError(
        .conflict, code: "tournament_drafting", message: "a room of this tournament has started drafting; it can no longer be edited")
    package static let feeLocked = APIError(
        .conflict, code: "fee_locked", message: "entries are taken: the entry fee can no longer change (cancel the tournament to refund them)")
}
