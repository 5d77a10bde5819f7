import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// The console's users pages: the search, a user's page, and suspending, banning, lifting,
/// deleting and changing roles there, with the API's refusals shown as they come.
@Suite("Console users", .timeLimit(.minutes(3)))
struct ConsoleUsersTests {
    @Test(arguments: TestDatabaseKind.available)
    func theSearchFindsUsersByNameEmailAndIdPaged(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let tag = UUID().uuidString.prefix(6).lowercased()
            let first = try await Moderation.register(server, "find\(tag)", email: "first.\(tag)@example.com")
            let second = try await Moderation.register(server, "find\(tag)")
            let third = try await Moderation.register(server, "find\(tag)")
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)

            let all = try await browser.get("/console/users?q=FIND\(tag)")
            #expect(all.status == 200)
            for account in [first, second, third] { #expect(all.text.contains("@\(account.name)"), "\(account.name)") }
            #expect(all.html.contains(#"href="/console/users/\#(first.guest.user)""#))
            #expect(all.text.contains("first.\(tag)@example.com"))
            #expect(all.html.contains(#"value="FIND\#(tag)""#), "the query stays in the box")

            let byMail = try await browser.get("/console/users?q=first.\(tag)%40example")
            #expect(byMail.text.contains("@\(first.name)") && !byMail.text.contains("@\(second.name)"))
            let byID = try await browser.get("/console/users?q=\(third.guest.user)")
            #expect(byID.text.contains("@\(third.name)") && !byID.text.contains("@\(second.name)"))
            let none = try await browser.get("/console/users?q=nobody-\(tag)")
            #expect(none.text.contains("No user matches."))

            // Two to a page: the newest two, then a link to the last one, which ends the list.
            let paged = try await browser.get("/console/users?q=find\(tag)&limit=2")
            #expect(paged.text.contains("@\(third.name)") && paged.text.contains("@\(second.name)") && !paged.text.contains("@\(first.name)"))
            let next = try #require(Self.link(in: paged.html, text: "Next page"))
            #expect(next.contains("q=find\(tag)") && next.contains("limit=2") && next.contains("cursor="))
            let rest = try await browser.get(next.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(rest.text.contains("@\(first.name)") && !rest.text.contains("@\(third.name)"))
            #expect(rest.text.contains("End of the list."))
            let broken = try await browser.get("/console/users?cursor=nonsense")
            #expect(broken.status == 400)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aSuspensionFromTheConsoleLocksThePlayerOutUntilLifted(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let player = try await Moderation.register(server, "held")
            let admin = try await server.admin()
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let path = "/console/users/\(player.guest.user)"

            let page = try await browser.get(path)
            #expect(page.status == 200)
            #expect(page.text.contains("In good standing."))
            #expect(page.text.contains("Password set"))
            #expect(page.html.contains(#"<span class="tag">password</span>"#), "a way to sign in")
            #expect(page.text.contains("No rated games."))
            #expect(!page.html.contains(#"action="\#(path)/lift""#), "nothing to lift yet")
            // Staff may lift only what holds: posting it anyway answers with the API's refusal.
            let early = try await browser.follow(try await browser.post("\(path)/lift", ["reason": "just in case"]))
            #expect(early.text.contains("This user is not suspended"))

            let missingReason = try await browser.follow(try await browser.post("\(path)/suspend", ["duration": "7d"]))
            #expect(missingReason.text.contains("A reason is required."))
            #expect(try await server.call(.get, "/users/me", as: player.guest).status == 200, "a refused form suspended no one")

            let sent = try await browser.post("\(path)/suspend", ["duration": "7d", "reason": "spam in chat"])
            #expect(sent.status == 303 && sent.location == path)
            let after = try await browser.follow(sent)
            #expect(after.text.contains("Suspended \(player.name) until"))
            #expect(after.text.contains("suspended until"))
            #expect(after.text.contains("“spam in chat”"))
            #expect(after.html.contains(#"action="\#(path)/lift""#))
            let end = try #require(Self.between(after.text, "Suspended \(player.name) until ", " UTC"))
            let expected = ConsoleDates.format(Date().addingTimeInterval(7 * 24 * 3600))
            #expect(end.prefix(10) == expected.prefix(10), "seven days from now: \(end)")

            // Their sessions ended: the token they hold is refused, and so are a refresh and a
            // new sign-in, with `account_suspended`. The audit trail has the reason.
            let ended = try await server.call(.get, "/users/me", as: player.guest)
            #expect(ended.status == 401 && Moderation.code(ended) == "session_ended")
            for refused in [
                try await Moderation.post(server, "/auth/refresh", #"{"refresh_token":"\#(player.refresh)"}"#),
                try await Moderation.login(server, player.name),
            ] {
                #expect(refused.status == 403)
                #expect(Moderation.code(refused) == "account_suspended")
            }
            let records = try await Moderation.audit(server, as: admin, kind: "user", id: player.guest.user)
            #expect(records.first?["action"] as? String == "user.suspend")
            #expect(records.first?["reason"] as? String == "spam in chat")
            let listed = try await browser.get("/console/users?q=\(player.guest.user)")
            #expect(listed.text.contains("suspended until"))

            let lifted = try await browser.follow(try await browser.post("\(path)/lift", ["reason": "appeal accepted"]))
            #expect(lifted.text.contains("Lifted: \(player.name) may sign in again."))
            #expect(lifted.text.contains("In good standing."))
            #expect(try await Moderation.login(server, player.name).status == 200)
            let trail = try await Moderation.audit(server, as: admin, kind: "user", id: player.guest.user)
            #expect(trail.first?["action"] as? String == "user.unsuspend" && trail.first?["reason"] as? String == "appeal accepted")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aBanAndACustomEndWithTheirBadDates(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let player = try await Moderation.register(server, "banned")
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let path = "/console/users/\(player.guest.user)"
            _ = try await browser.get(path)

            let refusals: [([String: String], String)] = [
                (["duration": "custom", "until": "next tuesday", "reason": "r"], "“next tuesday” is not a date and time"),
                (["duration": "custom", "until": "2026-02-30 10:00", "reason": "r"], "is not a date and time"),
                (["duration": "custom", "reason": "r"], "Give the date and time the suspension ends"),
                (["duration": "99d", "reason": "r"], "Choose how long the suspension lasts."),
                // A past end is the API's to refuse, in its words.
                (["duration": "custom", "until": "2020-01-01T10:00", "reason": "r"], "until must be in the future"),
            ]
            for (fields, message) in refusals {
                let answer = try await browser.post("\(path)/suspend", fields)
                #expect(answer.status == 303 && answer.location == path)
                let shown = try await browser.follow(answer)
                #expect(shown.text.contains(message), "\(fields): \(shown.text.prefix(400))")
            }
            #expect(try await server.call(.get, "/users/me", as: player.guest).status == 200)

            let custom = try await browser.follow(try await browser.post("\(path)/suspend", ["duration": "custom", "until": "2099-12-31T18:30", "reason": "long break"]))
            #expect(custom.text.contains("Suspended \(player.name) until 2099-12-31 18:30 UTC."))

            let ban = try await browser.follow(try await browser.post("\(path)/ban", ["reason": "repeat offender"]))
            #expect(ban.text.contains("Banned \(player.name)."))
            #expect(ban.text.contains("banned since"))
            #expect(ban.text.contains("Lift the ban"))
            #expect(ban.html.contains(#"data-confirm="Ban "#))
            let refused = try await Moderation.login(server, player.name)
            #expect(refused.status == 403 && Moderation.code(refused) == "account_suspended")
            #expect(try await Moderation.audit(server, as: try await server.admin(), kind: "user", id: player.guest.user).first?["reason"] as? String
                == "repeat offender")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func rolesAndDeletionAreForAdminsOnly(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let player = try await Moderation.register(server, "promoted")
            let path = "/console/users/\(player.guest.user)"
            let moderator = ConsoleClient(server)
            try await moderator.signInAsNewStaff(.moderator)
            let offered = try await moderator.get(path)
            #expect(!offered.html.contains(#"action="\#(path)/role""#) && !offered.html.contains(#"action="\#(path)/delete""#))
            #expect(!offered.text.contains("TopDog ledger") && !offered.text.contains("App Store transactions"), "money is for admins")
            for (action, fields) in [("role", ["role": "admin", "reason": "power grab"]), ("delete", ["reason": "gone"])] {
                let refused = try await moderator.post("\(path)/\(action)", fields)
                #expect(refused.status == 403, "\(action)")
                #expect(refused.text.contains("This page needs the admin role."))
            }
            #expect(try await moderator.get("\(path)/ledger").status == 403)
            #expect(try await moderator.get("\(path)/purchases").status == 403)
            #expect(try await Moderation.login(server, player.name).status == 200, "not deleted")

            let deposit = try await server.call(
                .post, "/topdog/wallet/deposits", as: player.guest, body: #"{"amount_cents":1250,"idempotency_key":"\#(UUID().uuidString)"}"#)
            #expect(deposit.status == 201, "\(deposit.json)")
            let admin = ConsoleClient(server)
            try await admin.signInAsNewStaff(.admin)
            let page = try await admin.get(path)
            #expect(page.html.contains(#"action="\#(path)/role""#))
            #expect(page.html.contains(#"action="\#(path)/delete" class="stack" data-confirm="#))
            #expect(page.text.contains("TopDog ledger") && page.text.contains("App Store transactions"))
            #expect(page.text.contains("deposit") && page.text.contains("$12.50"), "the deposit is in the ledger")
            let ledger = try await admin.get("\(path)/ledger")
            #expect(ledger.status == 200 && ledger.text.contains("$12.50") && ledger.text.contains("Balance"))
            #expect(try await admin.get("\(path)/purchases").text.contains("No purchases."))

            let bad = try await admin.follow(try await admin.post("\(path)/role", ["role": "overlord", "reason": "why not"]))
            #expect(bad.text.contains("Choose a role: player, moderator or admin."))
            let made = try await admin.follow(try await admin.post("\(path)/role", ["role": "moderator", "reason": "trusted regular"]))
            #expect(made.text.contains("is now a moderator."))
            let staffRow = try await admin.get("/console/users?q=\(player.guest.user)")
            #expect(staffRow.text.contains("moderator"))
            // Now staff, they cannot be suspended by a moderator: the API's refusal is shown.
            _ = try await moderator.get(path)
            let protected = try await moderator.follow(try await moderator.post("\(path)/suspend", ["duration": "1d", "reason": "rival"]))
            #expect(protected.text.contains("A moderator may not suspend staff"))

            let deleted = try await admin.post("\(path)/delete", ["reason": "asked by support ticket 7"])
            #expect(deleted.status == 303 && deleted.location == "/console/users")
            #expect(try await admin.follow(deleted).text.contains("Deleted"))
            #expect(try await admin.get(path).status == 404)
            #expect(try await Moderation.login(server, player.name).status == 401)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func refusalsAndUnknownUsers(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            let myself = try await browser.signInAsNewStaff(.moderator)
            _ = try await browser.get("/console/users/\(myself)")
            let own = try await browser.follow(try await browser.post("/console/users/\(myself)/suspend", ["duration": "1d", "reason": "test"]))
            #expect(own.text.contains("You cannot suspend yourself"))
            #expect(try await browser.get("/console/users/\(myself)").html.contains(#"<span class="tag">you</span>"#))

            let unknown = UUID().uuidString.lowercased()
            let page = try await browser.get("/console/users/\(unknown)")
            #expect(page.status == 404)
            #expect(page.text.contains("No user \(unknown)"))
            for sub in ["games", "reports"] { #expect(try await browser.get("/console/users/\(unknown)/\(sub)").status == 404, "\(sub)") }
            let action = try await browser.post("/console/users/\(unknown)/suspend", ["duration": "1d", "reason": "who"])
            #expect(action.status == 404)
            // Without the form's token nothing happens.
            #expect(try await browser.post("/console/users/\(myself)/ban", ["reason": "x", "csrf": "forged"]).status == 403)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aScriptInADisplayNameIsShownAsText(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let name = "<script>alert(1)</script>"
            let registered = try await Moderation.post(
                server, "/auth/register", #"{"username":"xss_\#(UUID().uuidString.prefix(6).lowercased())","password":"\#(Moderation.password)","display_name":"\#(name)"}"#)
            #expect(registered.status == 200)
            let evil = try Moderation.account(registered.json, name: "xss")
            let victim = try await server.guest()
            #expect(try await server.call(.post, "/reports", as: evil.guest, body: #"{"user_id":"\#(victim.user)","reason":"other","details":"<b>bold</b>"}"#).status == 201)
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            for path in ["/console/users?q=xss_", "/console/users/\(evil.guest.user)", "/console/reports", "/console/users/\(victim.user)"] {
                let page = try await browser.get(path)
                #expect(page.status == 200, "\(path)")
                #expect(!page.html.contains("<script>alert"), "\(path)")
                #expect(page.text.contains(name), "\(path) shows the name as text")
            }
            let reports = try await browser.get("/console/reports")
            #expect(!reports.html.contains("<b>bold</b>") && reports.html.contains("&lt;b&gt;bold&lt;/b&gt;"))
        }
    }

    /// The `href` of the link whose text contains `text`.
    static func link(in html: String, text: String) -> String? {
        guard let textRange = html.range(of: text) else { return nil }
        let before = html[..<textRange.lowerBound]
        guard let hrefStart = before.range(of: #"href=""#, options: .backwards) else { return nil }
        let rest = html[hrefStart.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text[from.upperBound...].range(of: end) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }
}

/// Times as the console writes them, for comparing.
enum ConsoleDates {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
