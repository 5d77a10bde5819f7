import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorAccounts
import ParlorNotifications
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The overview, push outbox, App Store notifications, leaderboards and audit pages, against a
/// real server: their figures, paging, filters, refusals and roles.
@Suite struct ConsoleOverviewTests {
    @Test("the overview's figures and the push outbox, with its filters", arguments: TestDatabaseKind.available)
    func overviewAndPush(kind: TestDatabaseKind) async throws {
        // One alert an hour per user: Cat's second invitation is finished as `capped`, a failure.
        let options = ServerOptions.onlinePlay(kind: kind, fakes: .apns) {
            $0.push.maxAttempts = 1_000
            $0.push.hourlyCap = 1
        }
        try await withServer(options) { test in
            let server = OnlinePlayServer(test)
            let fake = try test.fakeAPNs()
            let (ann, bob, cat) = (try await server.guest(), try await server.guest(), try await server.guest())
            // Ann's phone is busy for good, so her invitation stays queued; Cat's refuses the first.
            let busy = try await Self.registerDevice(server, ann)
            fake.script(busy, Array(repeating: (503, "ServiceUnavailable"), count: 1_000))
            let refusing = try await Self.registerDevice(server, cat)
            fake.script(refusing, [(400, "BadTopic")])
            for invited in [[ann, cat], [cat]] {
                let created = try await server.call(.post, "/games", as: bob, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
                let game = try #require(created.json["id"] as? String)
                let users = invited.map { #""\#($0.user)""# }.joined(separator: ",")
                #expect(try await server.call(.post, "/games/\(game)/invitations", as: bob, body: #"{"users":[\#(users)]}"#).status == 201)
            }
            #expect(try await server.call(.post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"spam"}"#).status == 201)
            // The payments sandbox leaves amounts ending in .01 pending.
            #expect(try await server.deposit(1_001, for: bob).json["status"] as? String == "pending")

            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            var page = try await browser.get("/console")
            for _ in 0..<2400 where !(page.text.contains("Push queue 1 ") && page.text.contains("Push failures, last day 1 ")) {
                try await Task.sleep(for: .milliseconds(25))
                page = try await browser.get("/console")
            }
            #expect(page.status == 200)
            for figure in ["Open reports 1 ", "Push queue 1 ", "Push failures, last day 1 ", "Pending TopDog payments 1 "] {
                #expect(page.text.contains(figure), "\(figure) in \(page.text)")
            }
            for link in ["/console/reports?status=open", "/console/push?state=pending", "/console/push?state=failed", "/console/topdog/payments"] {
                #expect(page.html.contains(#"href="\#(link.replacingOccurrences(of: "&", with: "&amp;"))""#), "\(link)")
            }
            #expect(page.html.components(separatedBy: #"<svg class="chart""#).count == 3, "two charts")
            #expect(page.text.contains("this node's alone"))
            #expect(page.html.contains(#"data-refresh="15""#))
            #expect(!page.text.contains("No node has reported in."), "this node is listed")

            let pending = try await browser.get("/console/push?state=pending")
            #expect(pending.status == 200)
            #expect(Self.rows(pending) == 1 && pending.html.contains("/console/users/\(ann.user)"))
            #expect(pending.text.contains("next try") && pending.text.contains("Not sent to any device yet."))
            let sent = try await browser.get("/console/push?state=sent")
            #expect(Self.rows(sent) == 1 && sent.html.contains("/console/users/\(cat.user)"))
            #expect(sent.text.contains("400 BadTopic"), "the device's refusal is the last error")
            #expect(sent.text.contains("…\(refusing.suffix(8))") && !sent.html.contains(refusing), "the token by its end only")
            let failed = try await browser.get("/console/push?state=failed")
            #expect(Self.rows(failed) == 1 && failed.text.contains("capped"))
            #expect(failed.html.contains("/console/users/\(cat.user)") && !failed.html.contains("/console/users/\(ann.user)"))
            #expect(Self.rows(try await browser.get("/console/push")) == 3)
            let cats = try await browser.get("/console/push?user=\(cat.user)")
            #expect(Self.rows(cats) == 2 && !cats.html.contains("/console/users/\(ann.user)"))
            #expect(cats.html.contains(#"value="\#(cat.user)""#), "the filter stays filled in")

            let unknownState = try await browser.get("/console/push?state=lost")
            #expect(unknownState.status == 422)
            #expect(unknownState.text.contains("The state “lost” is not one the console knows; choose one of: pending, sent, failed."))
            let longUser = try await browser.get("/console/push?user=\(String(repeating: "u", count: 65))")
            #expect(longUser.status == 422 && longUser.text.contains("The user id is too long"))
            let forged = try await browser.get("/console/push?cursor=bogus")
            #expect(forged.status == 400 && forged.text.contains("not a cursor this server handed out"))
        }
    }

    @Test func aModeratorSeesTheOverviewButNoAdminPage() async throws {
        try await withOnlinePlayServer { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let overview = try await browser.get("/console")
            #expect(overview.status == 200)
            #expect(overview.text.contains("Open reports 0 "))
            #expect(overview.html.contains(#"<svg class="chart""#))
            for adminOnly in ["Push queue", "Pending TopDog payments", "Nodes"] { #expect(!overview.text.contains(adminOnly), "\(adminOnly)") }
            for path in ["/console/push", "/console/purchases", "/console/audit", "/console/push?state=pending"] {
                let refused = try await browser.get(path)
                #expect(refused.status == 403, "\(path)")
                #expect(refused.text.contains("This page needs the admin role."), "\(path)")
            }
            #expect(try await browser.get("/console/leaderboards").status == 200)
        }
    }

    @Test("the audit trail, paged and filtered, its targets linked", arguments: TestDatabaseKind.available)
    func audit(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let admin = try await server.admin()
            var guests: [OnlinePlayServer.Guest] = []
            // 13 suspensions and 13 lifts, then the console sign-in: 27 records, two more than a page.
            for _ in 0..<13 {
                let guest = try await server.guest()
                guests.append(guest)
                #expect(try await server.call(.post, "/admin/users/\(guest.user)/suspend", as: admin, body: #"{"ban":true,"reason":"spam <b>bot</b>"}"#).status == 200)
                #expect(try await server.call(.post, "/admin/users/\(guest.user)/unsuspend", as: admin, body: #"{"reason":"appeal upheld"}"#).status == 204)
            }
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            let first = try await browser.get("/console/audit")
            #expect(first.status == 200)
            #expect(Self.rows(first) == 25)
            #expect(first.text.contains("spam <b>bot</b>"), "the reason shown as text")
            #expect(!first.html.contains("<b>bot</b>"), "and never as markup")
            let next = try #require(Self.nextLink(first))
            let second = try await browser.get(next)
            #expect(Self.rows(second) == 2)
            #expect(first.text.contains("console.sign_in"), "the newest record: the sign-in")
            #expect(second.text.contains("End of the list."))

            let lifts = try await browser.get("/console/audit?action=user.unsuspend")
            #expect(Self.rows(lifts) == 13 && !lifts.html.contains("<code>user.suspend</code>"))
            let one = try await browser.get("/console/audit?target_kind=user&target_id=\(guests[4].user)")
            #expect(Self.rows(one) == 2)
            #expect(one.html.contains(#"<a href="/console/users/\#(guests[4].user)">\#(guests[4].user)</a>"#), "the target links to its page")
            #expect(one.html.contains(#"<a href="/console/users/\#(admin.user)">"#), "so does the actor")
            let byActor = try await browser.get("/console/audit?actor=\(admin.user)&action=user.suspend")
            #expect(Self.rows(byActor) == 13)
            let nobody = try await browser.get("/console/audit?actor=nobody")
            #expect(nobody.status == 200 && nobody.text.contains("No record matches these filters."))

            let long = try await browser.get("/console/audit?target_kind=\(String(repeating: "k", count: 33))")
            #expect(long.status == 422 && long.text.contains("The target kind is too long: at most 32 characters."))
            let forged = try await browser.get("/console/audit?cursor=bogus")
            #expect(forged.status == 400 && forged.text.contains("not a cursor this server handed out"))
        }
    }

    @Test("leaderboards: every board, any period, players linked", arguments: TestDatabaseKind.available)
    func leaderboards(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            _ = try await server.decide(winner: ann, loser: bob)
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let list = try await browser.get("/console/leaderboards")
            #expect(list.status == 200)
            #expect(list.html.contains(#"href="/console/leaderboards/quortex.wins""#))
            var board = try await browser.get("/console/leaderboards/quortex.wins")
            for _ in 0..<2400 where !board.html.contains("/console/users/\(ann.user)") {
                try await Task.sleep(for: .milliseconds(25))
                board = try await browser.get("/console/leaderboards/quortex.wins")
            }
            #expect(board.status == 200)
            #expect(board.html.contains(#"<a href="/console/users/\#(ann.user)">"#), "the winner, linked to their page")
            #expect(board.text.contains("All time"))
            let weekly = try await browser.get("/console/leaderboards/quortex.wins?period=weekly")
            #expect(weekly.status == 200 && weekly.html.contains("/console/users/\(ann.user)"))
            #expect(weekly.html.contains(#"<option value="weekly" selected>"#))
            let old = try await browser.get("/console/leaderboards/quortex.wins?period=weekly&key=2020-W01")
            #expect(old.status == 200 && old.text.contains("No entries in this period."))

            let unknown = try await browser.get("/console/leaderboards/quortex.nothing")
            #expect(unknown.status == 404 && unknown.text.contains("There is no leaderboard “quortex.nothing”."))
            let badPeriod = try await browser.get("/console/leaderboards/quortex.wins?period=yearly")
            #expect(badPeriod.status == 422 && badPeriod.text.contains("The period “yearly” is not one the console knows"))
            let shortKey = try await browser.get("/console/leaderboards/quortex.wins?key=20")
            #expect(shortKey.status == 422 && shortKey.text.contains("The span “20” is too short"))
            let badKey = try await browser.get("/console/leaderboards/quortex.wins?period=weekly&key=2026-13")
            #expect(badKey.status == 400, "the API's own refusal: \(badKey.text)")
        }
    }

    @Test("App Store notifications as received, with what each did", arguments: TestDatabaseKind.available)
    func appStore(kind: TestDatabaseKind) async throws {
        try await withServer(.onlinePlay(kind: kind, appStore: try FakeAppStore())) { test in
            let server = OnlinePlayServer(test)
            let store = try test.fakeAppStore()
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            #expect(try await browser.get("/console/purchases").text.contains("No notification from the App Store yet."))
            let uuid = UUID().uuidString
            let response = try await test.client.executeRequest(
                uri: "/purchases/notifications", method: .post, headers: [.contentType: "application/json"],
                body: .init(string: #"{"signedPayload":"\#(try store.notification(type: "TEST", subtype: "SUMMARY", uuid: uuid, transaction: nil))"}"#))
            #expect(response.status.code == 200)
            let page = try await browser.get("/console/purchases")
            #expect(page.status == 200)
            #expect(page.text.contains("TEST / SUMMARY"))
            #expect(page.text.contains(uuid))
            #expect(page.html.contains(#"<span class="tag bad">ignored</span>"#), "not processed, and marked so")
            #expect(page.text.contains("it carried no purchase"))
            let forged = try await browser.get("/console/purchases?cursor=bogus")
            #expect(forged.status == 400)
        }
    }

    /// Registers an alert token of Quortex's app for `guest`; returns it.
    static func registerDevice(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest) async throws -> String {
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let answer = try await server.call(
            .post, "/push/devices", as: guest, body: #"{"token":"\#(token)","environment":"sandbox","bundle_id":"com.quortex.app","kind":"alert"}"#)
        guard answer.status == 200 else { throw TestSetupError("register failed: \(answer)") }
        return token
    }

    /// The rows of a page's table (the empty-list row is no row).
    static func rows(_ answer: ConsoleAnswer) -> Int {
        answer.html.components(separatedBy: "<tr><td>").count - 1
    }

    /// The pager's link to the next page, unescaped.
    static func nextLink(_ answer: ConsoleAnswer) -> String? {
        guard let range = answer.html.range(of: #"<a class="button" href="(/console/[^"]+)">Next page"#, options: .regularExpression) else { return nil }
        let tag = answer.html[range]
        guard let start = tag.range(of: #"href=""#), let end = tag[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}
