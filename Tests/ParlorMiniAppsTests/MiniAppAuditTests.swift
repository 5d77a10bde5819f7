import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing

/// Each change an admin makes to the catalogue leaves an audit record with its reason; a refused one leaves none.
@Suite struct MiniAppAuditTests {
    @Test(arguments: TestDatabaseKind.available)
    func everyChangeIsAudited(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let admin = try await server.admin()
            var app = MiniAppCatalogueTests.trivia
            app["reason"] = "partner launch"
            #expect(try await server.call("/admin/miniapps", app, token: admin).status == .created)
            #expect(try await server.call("/admin/miniapps/trivia", ["enabled": false, "reason": "broken build"], method: .put, token: admin).status == .ok)
            #expect(try await server.call("/admin/miniapps/trivia/secret?reason=leaked", token: admin).status == .ok)
            #expect(try await server.call("/admin/miniapps/trivia", ["name": ""], method: .put, token: admin).status == .badRequest)
            #expect(try await server.call("/admin/miniapps/trivia?reason=retired", method: .delete, token: admin).status == .noContent)
            #expect(try await server.call("/admin/miniapps/trivia", method: .delete, token: admin).status == .notFound)
            let trail = try await server.call("/admin/audit?target_kind=miniapp&target_id=trivia", method: .get, token: admin)
            let records = trail.json["records"] as? [[String: any Sendable]] ?? []
            #expect(records.compactMap { $0["action"] as? String } == ["miniapp.delete", "miniapp.rotate_secret", "miniapp.update", "miniapp.create"])
            #expect(records.compactMap { $0["reason"] as? String } == ["retired", "leaked", "broken build", "partner launch"])
            let me = try await server.call("/users/me", method: .get, token: admin)
            #expect(Set(records.compactMap { $0["actor"] as? String }) == [me["id"] ?? "?"])
        }
    }
}
