import Foundation
import Logging
import ParlorAccounts
import SQLKit

/// TopDog's part of deleting an account: the user's entries take the deleted account's name, their
/// private queues, alerts and alert preferences go, and their teams still drafting are put on
/// autopick so the other eleven are never kept waiting. The ledger is kept: money records are not
/// the user's to erase, and a balance left behind stays on the books for the operator to settle.
package struct TopDogEraser: AccountErasureHook {
    let drafts: DraftService

    package init(drafts: DraftService) { self.drafts = drafts }

    package func erase(user: String, on sql: any SQLDatabase) async throws -> ErasureFollowUp {
        let name = try await UserDirectory.displayName(of: user, on: sql)
        try await sql.update("topdog_entries").set("name", to: name).where("user_id", .equal, user).run()
        try await sql.raw("DELETE FROM topdog_queues WHERE entry_id IN (SELECT id FROM topdog_entries WHERE user_id = \(bind: user))").run()
        for table in ["topdog_alerts", "topdog_alert_preferences"] {
            try await sql.delete(from: table).where("user_id", .equal, user).run()
        }
        let live = try await sql.raw("""
            SELECT e.room_id FROM topdog_entries e JOIN topdog_rooms r ON r.id = e.room_id
            WHERE e.user_id = \(bind: user) AND r.status NOT IN ('complete', 'cancelled')
            """).all().map { try $0.decode(column: "room_id", as: String.self) }
        return ErasureFollowUp { [drafts] in
            for room in live {
                do {
                    _ = try await drafts.setAutopick(true, by: user, in: room)
                } catch {
                    drafts.logger.warning("could not put a deleted user's team on autopick", metadata: ["room": "\(room)", "error": "\(error)"])
                }
            }
        }
    }
}
