import Foundation
import SQLKit

/// Gives entries their fees back from the tournament's escrow, each entry once: a refund is a
/// ledger transaction of the `refund` kind under the key `refund:<entry>`, unique per user, so a
/// retried or racing refund of the same entry writes nothing the second time.
enum Refunds {
    /// Refunds what each entry paid (its join's fee split over the entries it bought); house
    /// teams paid nothing. Returns the cents refunded by this call.
    @discardableResult
    static func refund(_ entries: [DraftEntry], of tournament: Tournament, why: String, at time: Int64, on sql: any SQLDatabase) async throws -> Int64 {
        var feeOfJoin: [String: Int64] = [:]
        var total: Int64 = 0
        for entry in entries where !HouseTeams.owns(entry) {
            let fee: Int64
            if let known = feeOfJoin[entry.transactionID] {
                fee = known
            } else {
                guard let join = try await LedgerStore.find(entry.transactionID, on: sql) else { continue }
                let bought = try await RoomStore.entries(paidBy: join.id, on: sql).count
                fee = bought > 0 ? -join.amountCents / Int64(bought) : 0
                feeOfJoin[entry.transactionID] = fee
            }
            guard fee > 0 else { continue }
            let record = LedgerTransaction(
                id: UUID().uuidString.lowercased(), userID: entry.userID, kind: .refund, status: .settled, amountCents: fee,
                idempotencyKey: "refund:\(entry.id)", fingerprint: "refund:\(entry.id)", reference: tournament.id,
                description: "Refund: \(tournament.title) (\(why))", failure: nil, createdAt: time, settledAt: time)
            guard try await LedgerStore.insertIfNew(record, on: sql) else { continue }
            try await LedgerStore.post(
                record.id, legs: [Posting(LedgerAccount.escrow(tournament.id), -fee), Posting(LedgerAccount.user(entry.userID), fee)], at: time, on: sql)
            total += fee
        }
        return total
    }
}
