import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import TestSupport
import Testing

/// The console's reports queue: open reports first, each with both users, what it points at, and
/// a form to resolve it; the user's page lists the reports about them.
@Suite("Console reports", .timeLimit(.minutes(3)))
struct ConsoleReportsTests {
    @Test(arguments: TestDatabaseKind.available)
    func reportsAreListedWithTheirGameAndResolved(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await Moderation.register(server, "ann"), try await Moderation.register(server, "bob"))
            let game = try await server.table(game: "quortex", players: [ann.guest, bob.guest], mode: "turn_based").uuidString.lowercased()
            let made = try await server.call(
                .post, "/reports", as: ann.guest, body: #"{"user_id":"\#(bob.guest.user)","reason":"harassment","game_id":"\#(game)","details":"rude in game"}"#)
            let reportID = try #require(made.json["id"] as? String)
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)

            let queue = try await browser.get("/console/reports")
            #expect(queue.status == 200)
            #expect(queue.text.contains("@\(ann.name)") && queue.text.contains("@\(bob.name)"))
            #expect(queue.text.contains("harassment") && queue.text.contains("rude in game"))
            #expect(queue.html.contains(#"href="/console/games/\#(game)""#), "the game it points at is linked")
            #expect(queue.html.contains(#"href="/console/users/\#(bob.guest.user)#moderation""#), "suspending is a link away")
            #expect(queue.html.contains(#"action="/console/reports/\#(reportID)/resolve""#))

            // Bad forms change nothing and say why.
            let action = "/console/reports/\(reportID)/resolve"
            let noOutcome = try await browser.follow(try await browser.post(action, ["outcome": "ignored", "note": "x", "back": "/console/reports?status=open"]))
            #expect(noOutcome.text.contains("Choose an outcome: actioned or dismissed."))
            let noNote = try await browser.follow(try await browser.post(action, ["outcome": "actioned", "back": "/console/reports?status=open"]))
            #expect(noNote.text.contains("A note on the outcome is required."))
            let unknown = try await browser.post("/console/reports/\(UUID().uuidString)/resolve", ["outcome": "actioned", "note": "x"])
            #expect(unknown.status == 404)
            // A `back` leading off the console's report and user pages is ignored.
            let offsite = try await browser.post(action, ["outcome": "actioned", "note": "x", "back": "//evil.example/"])
            #expect(offsite.location == "/console/reports")
            _ = try await browser.follow(offsite)

            let twice = try await browser.follow(try await browser.post(action, ["outcome": "dismissed", "note": "again", "back": "/console/reports"]))
            #expect(twice.text.contains("This report has already been resolved"))
            let open = try await browser.get("/console/reports")
            #expect(open.text.contains("No reports here."), "the open queue is empty")
            let actioned = try await browser.get("/console/reports?status=actioned")
            #expect(actioned.text.contains("@\(bob.name)") && actioned.text.contains("actioned"))
            #expect(!actioned.html.contains(#"action="/console/reports/\#(reportID)/resolve""#), "a closed report has no form")
            #expect(try await browser.get("/console/reports?status=dismissed").text.contains("No reports here."))
            let bogus = try await browser.get("/console/reports?status=lost")
            #expect(bogus.status == 422 && bogus.text.contains("“lost” is not a report status the console knows"))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aReportedChatLineIsQuotedAsText(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let game = try await server.table(game: "quortex", players: [ann, bob], mode: "turn_based")
            let id = game.uuidString.lowercased()
            let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: bob.token)
            defer { socket.close() }
            _ = try await socket.next("welcome")
            socket.send(#"{"type":"subscribe","game":"\#(id)"}"#)
            _ = try await socket.next("state")
            socket.send(#"{"type":"chat","game":"\#(id)","text":"you are <b>bad</b>"}"#)
            let line = try await socket.next("chat_message")
            let lineID = try #require(line.id)
            let made = try await server.call(
                .post, "/reports", as: ann, body: #"{"user_id":"\#(bob.user)","reason":"harassment","game_id":"\#(id)","chat_line_id":\#(lineID)}"#)
            #expect(made.status == 201, "\(made.json)")

            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            for path in ["/console/reports", "/console/users/\(bob.user)"] {
                let page = try await browser.get(path)
                #expect(page.text.contains(": you are <b>bad</b>"), "\(path): the line is quoted")
                #expect(page.html.contains("you are &lt;b&gt;bad&lt;/b&gt;") && !page.html.contains("<b>bad</b>"), "\(path): as text")
                #expect(page.html.contains(#"href="/console/games/\#(id)""#))
            }
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func theQueueAndAUsersReportsArePaged(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let target = try await Moderation.register(server, "target")
            var reporters: [Moderation.Account] = []
            for _ in 0..<3 {
                let reporter = try await Moderation.register(server, "rep")
                reporters.append(reporter)
                #expect(try await server.call(.post, "/reports", as: reporter.guest, body: #"{"user_id":"\#(target.guest.user)","reason":"spam"}"#).status == 201)
            }
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)

            let first = try await browser.get("/console/reports?limit=2")
            #expect(first.text.contains("@\(reporters[2].name)") && first.text.contains("@\(reporters[1].name)") && !first.text.contains("@\(reporters[0].name)"))
            let next = try #require(ConsoleUsersTests.link(in: first.html, text: "Next page")).replacingOccurrences(of: "&amp;", with: "&")
            #expect(next.contains("status=open"))
            let second = try await browser.get(next)
            #expect(second.text.contains("@\(reporters[0].name)") && second.text.contains("End of the list."))

            // The user's page shows the reports about them and links to all of them, paged.
            let page = try await browser.get("/console/users/\(target.guest.user)")
            #expect(page.text.contains("Reports about them") && page.text.contains("@\(reporters[0].name)"))
            let all = try await browser.get("/console/users/\(target.guest.user)/reports?limit=2")
            #expect(all.text.contains("@\(reporters[2].name)") && !all.text.contains("@\(reporters[0].name)"))
            let more = try #require(ConsoleUsersTests.link(in: all.html, text: "Next page")).replacingOccurrences(of: "&amp;", with: "&")
            #expect(try await browser.get(more).text.contains("@\(reporters[0].name)"))
            let reporterPage = try await browser.get("/console/users/\(reporters[0].guest.user)")
            #expect(reporterPage.text.contains("No reports here."), "reports they made are not about them")

            // Resolving from the user's page comes back there.
            let form = try #require(page.html.range(of: #"action="/console/reports/"#))
            let rest = page.html[form.upperBound...]
            let id = String(rest.prefix { $0 != "/" })
            let resolved = try await browser.post("/console/reports/\(id)/resolve", ["outcome": "dismissed", "note": "noise", "back": "/console/users/\(target.guest.user)"])
            #expect(resolved.location == "/console/users/\(target.guest.user)")
            #expect(try await browser.follow(resolved).text.contains("Report dismissed: “noise”."))
        }
    }
}
