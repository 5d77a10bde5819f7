import Foundation
import ParlorHTTP
import SQLKit

/// What the admin reads of the books: a tournament's money, and payments by status.
package enum LedgerReports {
    package struct TournamentMoney: Sendable, Equatable {
        package var feesTaken: Int64 = 0
        package var refunded: Int64 = 0
        package var prizesPaid: Int64 = 0
        /// What the house kept of the fees (negative when it added to the prizes).
        package var houseShare: Int64 = 0
        package var escrow: Int64 = 0
    }

    /// The tournament's money, summed from the postings of the transactions that name it.
    package static func money(of tournament: String, on sql: any SQLDatabase) async throws -> TournamentMoney {
        let escrow = LedgerAccount.escrow(tournament)
        let rows = try await sql.raw("""
            SELECT t.kind AS kind, p.account_id AS account, CAST(COALESCE(SUM(p.amount_cents), 0) AS BIGINT) AS cents
            FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
            WHERE t.reference = \(bind: tournament) AND t.kind IN ('entry_fee', 'refund', 'prize')
            GROUP BY t.kind, p.account_id
            """).all()
        var money = TournamentMoney()
        for row in rows {
            let kind = try row.decode(column: "kind", as: String.self)
            let account = try row.decode(column: "account", as: String.self)
            let cents = try row.decode(column: "cents", as: Int64.self)
            switch (kind, account) {
            case ("entry_fee", escrow): money.feesTaken += cents
            case ("refund", escrow): money.refunded -= cents
            case ("prize", LedgerAccount.house): money.houseShare += cents
            case ("prize", _) where LedgerAccount.kind(of: account) == "user": money.prizesPaid += cents
            default: break
            }
        }
        money.escrow = try await LedgerStore.balance(of: escrow, on: sql)
        return money
    }

    /// Deposits and withdrawals with `status`, newest first, after `cursor`.
    package static func payments(
        _ status: LedgerTransaction.Status, after cursor: PageCursor?, limit: Int, on sql: any SQLDatabase
    ) async throws -> [LedgerTransaction] {
        var query = sql.select().column("*").from("ledger_transactions").where("status", .equal, status.rawValue)
            .where("kind", .in, [LedgerTransaction.Kind.deposit.rawValue, LedgerTransaction.Kind.withdrawal.rawValue])
        if let cursor {
            query = query.where { group in
                group.where("created_at", .lessThan, cursor.time).orWhere { $0.where("created_at", .equal, cursor.time).where("id", .lessThan, cursor.id) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all().map(LedgerStore.decode)
    }

    /// Tournaments newest first, after `cursor`.
    package static func tournaments(after cursor: PageCursor?, limit: Int, on sql: any SQLDatabase) async throws -> [Tournament] {
        var query = sql.select().column("*").from("topdog_tournaments")
        if let cursor {
            query = query.where { group in
                group.where("created_at", .lessThan, cursor.time).orWhere { $0.where("created_at", .equal, cursor.time).where("id", .lessThan, cursor.id) }
            }
        }
        return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(limit).all().map(TournamentStore.decode)
    }

    /// The tournament's rooms by status.
    package static func rooms(of tournament: String, on sql: any SQLDatabase) async throws -> [RoomStatus: Int] {
        let rows = try await sql.raw("SELECT status, COUNT(*) AS n FROM topdog_rooms WHERE tournament_id = \(bind: tournament) GROUP BY status").all()
        var counts: [RoomStatus: Int] = [:]
        for row in rows {
            guard let status = RoomStatus(rawValue: try row.decode(column: "status", as: String.self)) else { continue }
            counts[status] = Int(try row.decode(column: "n", as: Int64.self))
        }
        return counts
    }
}
