import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing

/// The catalogue as admins manage it and players see it.
@Suite struct MiniAppCatalogueTests {
    static let trivia: [String: any Sendable] = [
        "id": "trivia", "name": "Pub Trivia", "description": "Weekly quiz", "icon_url": "https://trivia.example.com/icon.png",
        "launch_url": "https://trivia.example.com/play", "allowed_origins": ["https://trivia.example.com"], "category": "quiz",
    ]

    @Test(arguments: TestDatabaseKind.available)
    func adminsManageTheCatalogueAndPlayersSeeEnabledApps(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let admin = try await server.admin()
            let created = try await server.call("/admin/miniapps", Self.trivia, token: admin)
            #expect(created.status == .created)
            #expect((created["client_secret"]?.count ?? 0) >= 43)
            #expect((created.json["app"] as? [String: any Sendable])?["enabled"] as? Bool == true)
            #expect(try await server.call("/admin/miniapps", Self.trivia, token: admin).status == .conflict)

            let player = try await server.guest()
            let listed = try await server.call("/miniapps", method: .get, token: player["access_token"])
            let ids = (listed.json["apps"] as? [[String: any Sendable]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids == ["demo", "trivia"], "by category, then name")
            #expect((listed.json["apps"] as? [[String: any Sendable]])?.first?["allowed_origins"] == nil, "players see no admin fields")

            let disabled = try await server.call("/admin/miniapps/trivia", ["enabled": false, "name": "Trivia Night"], method: .put, token: admin)
            #expect(disabled.status == .ok)
            #expect(disabled["name"] == "Trivia Night")
            #expect(disabled["launch_url"] == "https://trivia.example.com/play")
            let afterDisable = try await server.call("/miniapps", method: .get, token: player["access_token"])
            #expect((afterDisable.json["apps"] as? [[String: any Sendable]])?.count == 1)
            let everything = try await server.call("/admin/miniapps", method: .get, token: admin)
            #expect((everything.json["apps"] as? [[String: any Sendable]])?.count == 2)

            #expect(try await server.call("/admin/miniapps/trivia", method: .delete, token: admin).status == .noContent)
            #expect(try await server.call("/admin/miniapps/trivia", method: .get, token: admin).status == .notFound)
            #expect(try await server.call("/admin/miniapps/trivia", method: .delete, token: admin).status == .notFound)
        }
    }

    @Test func onlyAdminsMayManage() async throws {
        try await withAccountsServer { server in
            let player = try await server.guest()
            let forbidden = try await server.call("/admin/miniapps", Self.trivia, token: player["access_token"])
            #expect(forbidden.status == .forbidden)
            #expect(forbidden.errorCode == "forbidden")
            #expect(try await server.call("/admin/miniapps", method: .get).status == .unauthorized)
            #expect(try await server.call("/miniapps", method: .get).status == .unauthorized)
            #expect(try await server.count("mini_apps") == 1, "only the demo")
        }
    }

    @Test func appFieldsAreValidated() async throws {
        try await withAccountsServer { server in
            let admin = try await server.admin()
            let bad: [String: any Sendable] = [
                "id": "Bad_ID", "name": "", "launch_url": "https://elsewhere.example.com/", "icon_url": "ftp://x",
                "allowed_origins": ["https://ok.example.com", "https://path.example.com/not-an-origin"],
            ]
            let reply = try await server.call("/admin/miniapps", bad, token: admin)
            #expect(reply.status == .badRequest)
            #expect(reply.invalidFields == ["id", "name", "icon_url", "allowed_origins[1]", "launch_url"])
            let missing = try await server.call("/admin/miniapps", ["id": "x1"], token: admin)
            #expect(missing.status == .badRequest)
            #expect(try await server.call("/admin/miniapps", Self.trivia, token: admin).status == .created)
            let outside = try await server.call("/admin/miniapps/trivia", ["launch_url": "https://evil.example.com/"], method: .put, token: admin)
            #expect(outside.invalidFields == ["launch_url"])
        }
    }
}
