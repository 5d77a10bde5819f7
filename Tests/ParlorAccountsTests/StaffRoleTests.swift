import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

/// Staff roles (admin, moderator) and the audit trail every admin action writes.
@Suite struct StaffRoleTests {
    @Test("each role reads as itself; a moderator is refused admin-only routes, a player every admin route", arguments: TestDatabaseKind.available)
    func roles(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = try await server.admin()
            let moderator = try await server.staff(.moderator)
            let player = try await server.guest()
            #expect(try await server.call(.get, "/users/me", as: admin).json["roles"] as? [String] == ["admin"])
            #expect(try await server.call(.get, "/users/me", as: moderator).json["roles"] as? [String] == ["moderator"])
            #expect(try await server.call(.get, "/users/me", as: player).json["roles"] as? [String] == [])
            for path in ["/admin/audit", "/admin/miniapps", "/admin/nodes"] {
                #expect(try await server.call(.get, path, as: admin).status == 200, "\(path)")
                let refused = try await server.call(.get, path, as: moderator)
                #expect(refused.status == 403, "\(path)")
                #expect((refused.json["error"] as? [String: Any])?["message"] as? String == "this needs the admin role")
                #expect(try await server.call(.get, path, as: player).status == 403, "\(path)")
            }
            // A staff route: both roles, not a player.
            #expect(try await server.call(.get, "/admin/games", as: moderator).status == 200)
            let playerRefused = try await server.call(.get, "/admin/games", as: player)
            #expect(playerRefused.status == 403)
            #expect((playerRefused.json["error"] as? [String: Any])?["message"] as? String == "this needs the moderator or admin role")
        }
    }

    @Test("the audit trail lists newest first, filters by actor, action and target, and pages", arguments: TestDatabaseKind.available)
    func auditTrail(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = try await server.admin()
            let entries = [
                AuditEntry(actor: "mod-1", action: "user.suspend", targetKind: "user", targetID: "u-1", reason: "spam", details: ["until": "tomorrow"]),
                AuditEntry(actor: "mod-1", action: "chat.line.delete", targetKind: "chat_line", targetID: "c-1", reason: "slur"),
                AuditEntry(actor: admin.user, action: "user.unsuspend", targetKind: "user", targetID: "u-1", reason: "appeal upheld"),
            ]
            for (index, entry) in entries.enumerated() {
                try await server.database.withConnection { sql in try await AdminAudit.record(entry, at: 1_000 + Int64(index), on: sql) }
            }
            func actions(_ query: String) async throws -> [String] {
                let answer = try await server.call(.get, "/admin/audit\(query)", as: admin)
                #expect(answer.status == 200, "\(answer)")
                return (answer.json["records"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
            }
            #expect(try await actions("") == ["user.unsuspend", "chat.line.delete", "user.suspend"])
            #expect(try await actions("?actor=mod-1") == ["chat.line.delete", "user.suspend"])
            #expect(try await actions("?target_kind=user&target_id=u-1") == ["user.unsuspend", "user.suspend"])
            #expect(try await actions("?action=chat.line.delete") == ["chat.line.delete"])
            #expect(try await actions("?target_id=nobody").isEmpty)
            let first = try await server.call(.get, "/admin/audit?limit=2", as: admin).json
            let oldest = try await server.call(
                .get, "/admin/audit?limit=2&cursor=\((first["next"] as? String ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
                as: admin).json
            let record = try #require((oldest["records"] as? [[String: Any]])?.first)
            #expect(record["action"] as? String == "user.suspend" && record["reason"] as? String == "spam")
            #expect((record["details"] as? [String: Any])?["until"] as? String == "tomorrow")
            #expect(record["actor"] as? String == "mod-1" && record["target_kind"] as? String == "user" && record["at"] != nil)
            #expect(oldest["next"] == nil)
            #expect(try await server.call(.get, "/admin/audit?cursor=x", as: admin).status == 400)
        }
    }

    @Test("`parlor admin create --role moderator` makes a moderator, and gives an existing admin that role instead")
    func creatingStaff() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            guard case .created(let id) = try await AdminAccounts.create(username: "mod_mia", password: "moderate well please", role: .moderator, in: database, bcryptCost: 4)
            else { Issue.record("not created"); return }
            #expect(try await role(of: id, in: database) == "moderator")
            #expect(try await AdminAccounts.create(username: "mod_mia", password: nil, role: .admin, in: database, bcryptCost: 4) == .promoted(userID: id))
            #expect(try await role(of: id, in: database) == "admin")
        }
    }

    @Test("migration 24 turns the admin flag into the admin role and leaves players without one", arguments: TestDatabaseKind.available)
    func adminFlagBecomesRole(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: false) { database in
            _ = try await Migrator(migrations: ParlorMigrations.all.filter { $0.version < 24 }).migrate(database)
            try await database.withConnection { sql in
                for (id, admin) in [("u-admin", 1), ("u-player", 0)] {
                    try await sql.raw("""
                        INSERT INTO users (id, username, username_key, display_name, preferences, is_admin, created_at, last_active_at)
                        VALUES (\(bind: id), \(bind: id), \(bind: id), 'X', '{}', \(bind: admin), 0, 0)
                        """).run()
                }
            }
            _ = try await Migrator.parlor.migrate(database)
            #expect(try await role(of: "u-admin", in: database) == "admin")
            #expect(try await role(of: "u-player", in: database) == nil)
        }
    }

    private func role(of id: String, in database: Database) async throws -> String? {
        try await database.withConnection { sql in
            try await sql.select().column("role").from("users").where("id", .equal, id).first()?.decode(column: "role", as: String?.self)
        }
    }
}
