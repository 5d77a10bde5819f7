import Foundation
import HTTPTypes
import ParlorDatabase
import SQLKit
import TestSupport

/// TopDog over a real server: an admin, funded guests, tournaments and rooms.
extension OnlinePlayServer {
    /// A tournament made by a fresh admin; `extra` is more JSON fields.
    public func tournament(fee: Int = 0, extra: String = "") async throws -> String {
        let created = try await call(
            .post, "/admin/topdog/tournaments", as: try await admin(), body: #"{"title":"Test Best Ball","entry_fee_cents":\#(fee)\#(extra)}"#)
        guard created.status == 201, let id = created.json["id"] as? String else { throw TestSetupError("create failed: \(created)") }
        return id
    }

    public func deposit(_ cents: Int, for guest: Guest, key: String = UUID().uuidString) async throws -> (status: Int, json: [String: Any]) {
        try await call(.post, "/topdog/wallet/deposits", as: guest, body: #"{"amount_cents":\#(cents),"idempotency_key":"\#(key)"}"#)
    }

    public func join(_ tournament: String, as guest: Guest, count: Int = 1, key: String = UUID().uuidString) async throws -> (status: Int, json: [String: Any]) {
        try await call(.post, "/topdog/tournaments/\(tournament)/entries", as: guest, body: #"{"count":\#(count),"idempotency_key":"\#(key)"}"#)
    }

    /// Seats `guests` (one entry each) and returns the room the first one sits in.
    public func fillRoom(_ tournament: String, with guests: [Guest]) async throws -> String {
        var room: String?
        for guest in guests {
            let joined = try await join(tournament, as: guest)
            guard joined.status == 201, let entries = joined.json["entries"] as? [[String: Any]] else { throw TestSetupError("join failed: \(joined)") }
            room = room ?? entries.first?["room_id"] as? String
        }
        guard let room else { throw TestSetupError("no room") }
        return room
    }

    public func balance(of guest: Guest) async throws -> Int {
        try await call(.get, "/topdog/wallet", as: guest).json["balance_cents"] as? Int ?? -1
    }

    /// The books: every account's balance, and whether each equals the sum of its postings.
    public func books() async throws -> (total: Int64, consistent: Bool, negativeUsers: Int) {
        try await database.withConnection { sql in
            let accounts = try await sql.select().columns("id", "kind", "balance_cents").from("ledger_accounts").all()
            var total: Int64 = 0
            var consistent = true
            var negative = 0
            for row in accounts {
                let id = try row.decode(column: "id", as: String.self)
                let balance = try row.decode(column: "balance_cents", as: Int64.self)
                total += balance
                if try row.decode(column: "kind", as: String.self) == "user", balance < 0 { negative += 1 }
                let posted = try await sql.raw("SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS s FROM ledger_postings WHERE account_id = \(bind: id)").first()?
                    .decode(column: "s", as: Int64.self) ?? 0
                if posted != balance { consistent = false }
            }
            return (total, consistent, negative)
        }
    }
}
