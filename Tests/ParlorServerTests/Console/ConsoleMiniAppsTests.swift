import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The console's mini apps: the catalogue, a new app whose secret is shown once, its origins
/// edited, its secret rotated (shown once again), and the app deleted; admins only.
@Suite(.timeLimit(.minutes(3))) struct ConsoleMiniAppsTests {
    static let newApp = [
        "id": "word-duel", "name": "Word Duel", "description": "Two players, one board", "launch_url": "https://duel.example.com/play",
        "allowed_origins": "https://duel.example.com", "icon_url": "", "category": "word", "enabled": "on", "reason": "launch partner",
    ]

    /// The secret drawn in a page, if any.
    static func secret(in html: String) -> String? {
        guard let start = html.range(of: #"<code id="client-secret">"#), let end = html[start.upperBound...].range(of: "</code>") else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test(arguments: TestDatabaseKind.available)
    func theSecretIsShownOnceWhenMadeAndNeverAgain(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            _ = try await browser.get("/console/mini-apps")
            let created = try await browser.post("/console/mini-apps", Self.newApp)
            #expect(created.status == 200, "the answer itself, not a redirect that would carry the secret elsewhere")
            #expect(created.location == nil)
            let secret = try #require(Self.secret(in: created.html))
            #expect(secret.count >= 20)
            #expect(created.text.contains("it is shown only this once"))

            for path in ["/console/mini-apps", "/console/mini-apps/word-duel", "/console/mini-apps", "/console/audit", "/console"] {
                let page = try await browser.get(path)
                #expect(!page.html.contains(secret), "\(path) does not show the secret")
            }
            let list = try await browser.get("/console/mini-apps")
            #expect(list.text.contains("Word Duel") && list.text.contains("https://duel.example.com"))

            let unexplained = try await browser.post("/console/mini-apps/word-duel/rotate", ["reason": ""])
            #expect(unexplained.location == "/console/mini-apps/word-duel")
            #expect(try await browser.follow(unexplained).text.contains("A reason is required."))
            let rotated = try await browser.post("/console/mini-apps/word-duel/rotate", ["reason": "leaked in a log"])
            #expect(rotated.status == 200)
            let fresh = try #require(Self.secret(in: rotated.html))
            #expect(fresh != secret)
            #expect(rotated.text.contains("The old secret no longer works."))
            let after = try await browser.get("/console/mini-apps/word-duel")
            #expect(!after.html.contains(fresh) && !after.html.contains(secret))
            #expect(try await browser.post("/console/mini-apps/nobody/rotate", ["reason": "x"]).status == 404)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func originsAreEditedAndABadAppIsRefusedWithItsFieldsKept(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            _ = try await browser.get("/console/mini-apps")
            var bad = Self.newApp
            bad["launch_url"] = "https://elsewhere.example.org/play"
            bad["allowed_origins"] = "https://duel.example.com\nftp://files.example.com/x"
            let refused = try await browser.post("/console/mini-apps", bad)
            #expect(refused.status == 422)
            #expect(Self.secret(in: refused.html) == nil)
            #expect(refused.text.contains("launch_url must lie within one of allowed_origins"))
            #expect(refused.text.contains("allowed_origins[1] must be an origin"))
            #expect(refused.html.contains(#"value="https://elsewhere.example.org/play""#), "what was typed is kept")
            let admin = try await server.admin()
            #expect(try await server.call(.get, "/admin/miniapps/word-duel", as: admin).status == 404, "nothing created")

            _ = try await browser.post("/console/mini-apps", Self.newApp)
            _ = try await browser.get("/console/mini-apps/word-duel")
            let edited = try await browser.post(
                "/console/mini-apps/word-duel/edit",
                [
                    "name": "Word Duel", "description": "", "launch_url": "https://duel.example.com/play", "icon_url": "", "category": "word",
                    "allowed_origins": "https://duel.example.com\r\nhttps://beta.duel.example.com", "enabled": "on", "reason": "beta site",
                ])
            let editedPage = try await browser.follow(edited)
            #expect(editedPage.text.contains("Saved Word Duel: 2 allowed origins."), "\(editedPage.text)")
            let app = try await server.call(.get, "/admin/miniapps/word-duel", as: admin)
            #expect(app.json["allowed_origins"] as? [String] == ["https://duel.example.com", "https://beta.duel.example.com"])
            // Unticking "enabled" sends nothing for it: the app is disabled.
            let disabled = try await browser.post(
                "/console/mini-apps/word-duel/edit",
                ["name": "Word Duel", "launch_url": "https://duel.example.com/play", "allowed_origins": "https://duel.example.com", "reason": "paused"])
            #expect(disabled.location == "/console/mini-apps/word-duel")
            #expect(try await server.call(.get, "/admin/miniapps/word-duel", as: admin).json["enabled"] as? Bool == false)
            let badEdit = try await browser.post(
                "/console/mini-apps/word-duel/edit", ["name": "Word Duel", "launch_url": "https://duel.example.com/play", "allowed_origins": "", "reason": "oops"])
            #expect(try await browser.follow(badEdit).text.contains("allowed_origins must list 1–20 origins"))

            let deleted = try await browser.post("/console/mini-apps/word-duel/delete", ["reason": "retired"])
            #expect(deleted.location == "/console/mini-apps")
            #expect(try await browser.follow(deleted).text.contains("Deleted the mini app word-duel"))
            #expect(try await server.call(.get, "/admin/miniapps/word-duel", as: admin).status == 404)
            #expect(try await browser.get("/console/mini-apps/word-duel").status == 404)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aModeratorIsRefusedEveryMiniAppPage(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = ConsoleClient(server)
            try await admin.signInAsNewStaff(.admin)
            _ = try await admin.get("/console/mini-apps")
            _ = try await admin.post("/console/mini-apps", Self.newApp)
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            for path in ["/console/mini-apps", "/console/mini-apps/word-duel"] {
                let page = try await browser.get(path)
                #expect(page.status == 403 && page.text.contains("This page needs the admin role."), "\(path)")
            }
            for path in ["/console/mini-apps", "/console/mini-apps/word-duel/rotate", "/console/mini-apps/word-duel/delete", "/console/mini-apps/word-duel/edit"] {
                let answer = try await browser.post(path, Self.newApp)
                #expect(answer.status == 403 && Self.secret(in: answer.html) == nil, "\(path)")
            }
            #expect(try await admin.get("/console/mini-apps/word-duel").status == 200, "still there")
        }
    }
}
