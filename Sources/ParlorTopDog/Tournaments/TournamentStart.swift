import BestBall
import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import SQLKit

/// A tournament's start time: entries close, and every room still filling meets the tournament's
/// `unfilled_policy` — house teams on autopick take its empty seats so it drafts, or it is closed
/// and its entrants refunded — so no room is left waiting and completion is never blocked.
///
/// Every node's draft timer loop runs this. The policy is applied under the tournament row's
/// lock, once: the transaction that sets `started_at` is the only one that acts, and any other
/// node (or a later round) finds it set and does nothing.
extension DraftService {
    /// Applies the policy of up to `limit` tournaments whose start time has come; returns how many.
    @discardableResult
    package func applyStartPolicies(limit: Int = 16) async throws -> Int {
        let time = millis
        let due = try await database.withConnection { sql in try await TournamentStore.startsDue(at: time, limit: limit, on: sql) }
        var applied = 0
        for id in due {
            let touched = try await bus.transaction(on: database) { sql, announcements -> [LoadedRoom]? in
                guard let tournament = try await TournamentStore.lock(id, on: sql), tournament.cancelledAt == nil, tournament.completedAt == nil,
                    let startsAt = tournament.startsAt, startsAt <= time, try await TournamentStore.markStarted(id, at: time, on: sql)
                else { return nil }
                var touched: [LoadedRoom] = []
                var nextOrder = tournament.entries + 1
                for room in try await TournamentStore.rooms(of: id, in: [.filling], on: sql) {
                    guard var loaded = try await load(room, lock: true, on: sql), loaded.room.status == .filling else { continue }
                    var change = RoomChange()
                    switch tournament.unfilledPolicy {
                    case .fillWithHouse:
                        nextOrder += try await fillWithHouse(&loaded, nextOrder: nextOrder, at: time, into: &change, on: sql)
                    case .cancelRoom:
                        loaded.close(at: time, into: &change)
                        try await Refunds.refund(loaded.entries, of: tournament, why: "its room did not fill by the start time", at: time, on: sql)
                    }
                    try await store(change, of: &loaded, at: time, on: sql, announcing: announcements)
                    touched.append(loaded)
                }
                let seated = nextOrder - (tournament.entries + 1)
                if seated > 0 { try await TournamentStore.addEntries(seated, to: id, on: sql) }
                logger.info("tournament started", metadata: ["tournament": "\(id)", "policy": "\(tournament.unfilledPolicy.rawValue)", "rooms": "\(touched.count)"])
                return touched
            } committed: { touched in
                committed(touched ?? [])
            }
            if touched != nil { applied += 1 }
        }
        return applied
    }

    /// The earliest start time not yet applied.
    func nextStart() async throws -> Int64? {
        try await database.withConnection { sql in try await TournamentStore.nextStart(on: sql) }
    }
}
