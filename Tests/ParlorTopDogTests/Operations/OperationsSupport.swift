import Foundation
import HTTPTypes
import ParlorDatabase
import ServerTestSupport
import SQLKit
import TestSupport

/// What the operations tests share: error codes, the audit trail, room reads, waits.
enum Ops {
    typealias Guest = OnlinePlayServer.Guest

    static func code(_ answer: (status: Int, json: [String: Any])) -> String? {
        (answer.json["error"] as? [String: Any])?["code"] as? String
    }

    /// The audit records of `action` on `target`, as the admin route lists them.
    static func audit(_ server: OnlinePlayServer, action: String, kind: String, target: String) async throws -> [[String: Any]] {
        let page = try await server.call(
            .get, "/admin/audit?action=\(action)&target_kind=\(kind)&target_id=\(target)", as: try await server.admin())
        return page.json["records"] as? [[String: Any]] ?? []
    }

    static func room(_ server: OnlinePlayServer, _ room: String, as guest: Guest) async throws -> [String: Any] {
        try await server.call(.get, "/topdog/drafts/\(room)", as: guest).json
    }

    static func picks(in room: String, on server: OnlinePlayServer) async throws -> Int {
        try await server.database.withConnection { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM topdog_picks WHERE room_id = \(bind: room)").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Waits (a bound on a hang) until `condition` holds; throws if it never does.
    static func wait(_ what: String, timeout: Duration = .seconds(30), until condition: @Sendable () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSetupError("never: \(what)")
    }

    static func reason(_ text: String = "operations test") -> String { #"{"reason":"\#(text)"}"# }

    /// A time `seconds` from now as the contract writes it.
    static func time(in seconds: Double) -> String {
        Date().addingTimeInterval(seconds).formatted(.iso8601)
    }
}
