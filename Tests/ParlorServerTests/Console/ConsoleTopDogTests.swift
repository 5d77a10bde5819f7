import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The console's TopDog pages: tournaments created, edited, paused and cancelled with refunds;
/// the create form's field errors; the CSV import; payments settled by hand; admins only.
@Suite(.timeLimit(.minutes(5))) struct ConsoleTopDogTests {
    static let newTournament = [
        "title": "Sunday Best Ball", "entry_fee": "25", "max_entries": "", "max_per_user": "", "prizes": "30 15", "speed": "fast", "pick_seconds": "",
        "teams": "", "rounds": "", "cap_qb": "", "cap_rb": "", "cap_wr": "", "cap_te": "", "countdown_seconds": "0", "pod_size": "", "starts_at": "",
        "unfilled_policy": "fill_with_house", "reason": "the weekly contest",
    ]

    @Test(arguments: TestDatabaseKind.available)
    func createEditAndCancelRefundsEveryEntrant(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            #expect(try await browser.get("/console/topdog/new").status == 200)
            let created = try await browser.post("/console/topdog/tournaments", Self.newTournament)
            #expect(created.status == 303)
            let path = try #require(created.location)
            #expect(path.hasPrefix("/console/topdog/tournaments/"))
            let id = String(path.dropFirst("/console/topdog/tournaments/".count))
            let page = try await browser.follow(created)
            #expect(page.text.contains("Created Sunday Best Ball."))
            #expect(page.text.contains("$25.00") && page.text.contains("$45.00 over 2 places"))
            let admin = try await server.admin()
            let api = try await server.call(.get, "/topdog/tournaments/\(id)", as: admin)
            #expect(api.json["entry_fee_cents"] as? Int == 2500 && api.json["countdown_seconds"] as? Int == 0)
            #expect(try await browser.get("/console/topdog").text.contains("Sunday Best Ball"))

            // Edited before anyone enters: the fee may change; a missing reason is refused.
            let unexplained = try await browser.post("\(path)/edit", ["title": "Never saved", "entry_fee": "25.00", "prizes": "30 15", "reason": ""])
            #expect(unexplained.location == path)
            #expect(try await browser.follow(unexplained).text.contains("A reason is required."))
            let edited = try await browser.post(
                "\(path)/edit", ["title": "Sunday Best Ball II", "entry_fee": "20", "prizes": "30 15", "unfilled_policy": "fill_with_house", "reason": "renamed"])
            #expect(try await browser.follow(edited).text.contains("Saved Sunday Best Ball II."))
            let after = try await server.call(.get, "/topdog/tournaments/\(id)", as: admin)
            #expect(after.json["title"] as? String == "Sunday Best Ball II" && after.json["entry_fee_cents"] as? Int == 2000)

            // Two players pay in; cancelling gives each their fee back.
            let (ann, bob) = (try await server.guest(), try await server.guest())
            for guest in [ann, bob] {
                #expect(try await server.deposit(5_000, for: guest).status == 201)
                #expect(try await server.join(id, as: guest).status == 201)
                #expect(try await server.balance(of: guest) == 3_000)
            }
            // Now the fee is locked: changing it is refused with the API's reason.
            let locked = try await browser.post("\(path)/edit", ["title": "Sunday Best Ball II", "entry_fee": "5", "reason": "cheaper"])
            #expect(try await browser.follow(locked).text.lowercased().contains("fee"))
            let page2 = try await browser.get(path)
            #expect(page2.text.contains("$40.00"), "two fees taken")
            let cancelled = try await browser.post("\(path)/cancel", ["reason": "venue lost"])
            let shown = try await browser.follow(cancelled)
            #expect(shown.text.contains("Cancelled Sunday Best Ball II"))
            #expect(shown.text.contains("cancelled"))
            for guest in [ann, bob] { #expect(try await server.balance(of: guest) == 5_000) }
            #expect(shown.html.contains("<dt>Refunded</dt><dd>$40.00</dd>"))
            let books = try await server.books()
            #expect(books.consistent && books.negativeUsers == 0)

            // Cancelling twice, and completing a cancelled one, are refused with the API's message.
            let again = try await browser.post("\(path)/cancel", ["reason": "again"])
            #expect(again.location == path)
            #expect(try await browser.follow(again).html.contains(#"class="problem""#))
            let noReason = try await browser.post("\(path)/complete", ["reason": " "])
            #expect(try await browser.follow(noReason).text.contains("A reason is required."))
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aBadCreateShowsEveryFieldErrorAndKeepsWhatWasTyped(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            _ = try await browser.get("/console/topdog/new")
            // What the console cannot read is named without asking the API.
            var fields = Self.newTournament
            fields["entry_fee"] = "lots"
            fields["teams"] = "twelve"
            fields["reason"] = ""
            let unread = try await browser.post("/console/topdog/tournaments", fields)
            #expect(unread.status == 422)
            #expect(unread.text.contains("Entry fee must be an amount in dollars"))
            #expect(unread.text.contains(#"Teams a room "twelve" is not a whole number"#))
            #expect(unread.text.contains("Reason is required"))
            #expect(unread.html.contains(#"value="Sunday Best Ball""#), "the title is kept")
            // What the API refuses is shown beside its field, every one of them.
            fields = Self.newTournament
            fields["title"] = String(repeating: "x", count: 81)
            fields["teams"] = "40"
            fields["pick_seconds"] = "15"
            fields["prizes"] = "10 20"
            let refused = try await browser.post("/console/topdog/tournaments", fields)
            #expect(refused.status == 422)
            #expect(refused.text.contains("Title must be 1 to 80 characters"))
            #expect(refused.text.contains("Seconds a pick is only for the custom speed"))
            #expect(refused.text.contains("Prizes must not pay a lower place more than a higher one"))
            #expect(refused.text.contains("Teams a room"))
            #expect(refused.html.contains(#"<textarea name="prizes" placeholder="1000 500 250">10 20</textarea>"#))
            let admin = try await server.admin()
            let list = try await server.call(.get, "/admin/topdog/tournaments", as: admin)
            #expect((list.json["tournaments"] as? [Any])?.isEmpty == true, "nothing was created")
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func roomsPauseAndResumeAndTheBoardShowsThem(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            let tournament = try await server.tournament(extra: #","countdown_seconds":0,"speed":"slow""#)
            var guests: [OnlinePlayServer.Guest] = []
            for _ in 0..<12 { guests.append(try await server.guest()) }
            let room = try await server.fillRoom(tournament, with: guests)
            let path = "/console/topdog/tournaments/\(tournament)"
            let page = try await browser.get(path)
            #expect(page.html.contains("/console/topdog/rooms/\(room)"))
            #expect(page.html.contains("/console/topdog/rooms/\(room)/pause"))

            // The countdown of 0 s ends on the server's next timer tick.
            let admin = try await server.admin()
            for _ in 0..<1200 {
                if try await server.call(.get, "/admin/topdog/drafts/\(room)", as: admin).json["status"] as? String == "active" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let board = try await browser.get("/console/topdog/rooms/\(room)")
            #expect(board.status == 200)
            #expect(board.html.contains(#"data-refresh="5""#), "a drafting room reloads itself")
            #expect(board.html.components(separatedBy: "<tr><th>").count - 1 == 18, "18 rounds")
            #expect(board.html.contains("on-clock"))

            let unexplained = try await browser.post("/console/topdog/rooms/\(room)/pause", ["reason": "", "tournament": tournament])
            #expect(unexplained.location == path)
            #expect(try await browser.follow(unexplained).text.contains("A reason is required."))
            let paused = try await browser.post("/console/topdog/rooms/\(room)/pause", ["reason": "stat feed down", "tournament": tournament])
            #expect(paused.location == path)
            #expect(try await browser.follow(paused).text.contains("Paused room \(room.prefix(8)): it is paused."))
            let pausedBoard = try await browser.get("/console/topdog/rooms/\(room)")
            #expect(pausedBoard.text.contains("Paused since"))
            #expect(!pausedBoard.html.contains("data-refresh"), "a paused room does not change by itself")
            let twice = try await browser.post("/console/topdog/rooms/\(room)/pause", ["reason": "again", "back": "board"])
            #expect(twice.location == "/console/topdog/rooms/\(room)")
            #expect(try await browser.follow(twice).html.contains(#"class="problem""#))
            let resumed = try await browser.post("/console/topdog/rooms/\(room)/resume", ["reason": "feed back", "back": "board"])
            #expect(try await browser.follow(resumed).text.contains("Resumed room \(room.prefix(8)): it is active."))
            let audit = try await server.call(.get, "/admin/audit", as: admin)
            let actions = (audit.json["records"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
            #expect(actions.contains("topdog.room.pause") && actions.contains("topdog.room.resume"))

            #expect(try await browser.get("/console/topdog/rooms/\(UUID().uuidString.lowercased())").status == 404)
            #expect(try await browser.get("/console/topdog/rooms/not-a-room").status == 404)
            #expect(try await browser.get("/console/topdog/tournaments/\(UUID().uuidString.lowercased())").status == 404)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func theBoardShowsEveryPickWhereItWasMade(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            // A one-second clock: the server autopicks for every team that does not pick.
            let tournament = try await server.tournament(extra: #","countdown_seconds":0,"speed":"custom","pick_seconds":1"#)
            var guests: [OnlinePlayServer.Guest] = []
            for _ in 0..<12 { guests.append(try await server.guest()) }
            let room = try await server.fillRoom(tournament, with: guests)
            let admin = try await server.admin()
            var picks: [[String: Any]] = []
            for _ in 0..<1200 where picks.count < 2 {
                picks = try await server.call(.get, "/admin/topdog/drafts/\(room)", as: admin).json["picks"] as? [[String: Any]] ?? []
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(picks.count >= 2, "the server autopicked")
            let board = try await browser.get("/console/topdog/rooms/\(room)")
            for pick in picks.prefix(2) {
                let player = try #require(pick["player"] as? [String: Any])
                let name = try #require(player["name"] as? String)
                let label = try #require(pick["label"] as? String)
                #expect(board.html.contains(#"<span class="label">\#(label)</span> <strong>\#(name)</strong>"#), "\(label) \(name) on the board")
            }
            // A participant's own read still refuses staff who are not in the room.
            #expect(try await server.call(.get, "/topdog/drafts/\(room)", as: admin).status == 403)
            #expect(try await server.call(.get, "/admin/topdog/drafts/\(room)", as: guests[0]).status == 403)
            #expect(try await server.call(.get, "/admin/topdog/drafts/nope", as: admin).status == 400)
            let rooms = try await server.call(.get, "/admin/topdog/tournaments/\(tournament)/rooms", as: admin)
            #expect((rooms.json["rooms"] as? [[String: Any]])?.first?["entries"] as? Int == 12)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func importingPlayersAddsAndUpdatesOrImportsNothing(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            let guest = try await server.guest()
            let pool = try await server.call(.get, "/topdog/players", as: guest).json["players"] as? [[String: Any]] ?? []
            let existing = try #require(pool.first?["id"] as? String)
            _ = try await browser.get("/console/topdog/players")
            let header = "id,first_name,last_name,position,team,bye_week,adp,projected_points,rank\n"

            let bad = header + "zz-1,Ada,Badline,QX,KC,7,12.5,200,5\nzz-2,Bo,Goodline,RB,KC,7,13.5,190,6\nzz-3,Cy,Worse,WR,KC,30,abc,100,7\n"
            let refused = try await browser.upload("/console/topdog/players/import", fields: ["reason": "weekly update"], file: ("csv", "week1.csv", bad))
            #expect(refused.status == 422)
            #expect(refused.text.contains("week1.csv was not imported"))
            #expect(refused.html.contains(#"<td class="number">2</td><td><code>position</code></td>"#))
            #expect(refused.html.contains(#"<td class="number">4</td><td><code>bye_week</code></td>"#))
            #expect(refused.html.contains(#"<td class="number">4</td><td><code>adp</code></td>"#))
            let afterBad = try await server.call(.get, "/topdog/players?search=goodline", as: guest).json["players"] as? [Any]
            #expect(afterBad?.isEmpty == true, "the good line was not imported either")

            let good = header + "zz-9,Newt,Rookie,TE,SF,9,150.25,80.5,250\n\(existing),Same,Player,QB,KC,6,1.5,300,1\n"
            let imported = try await browser.upload("/console/topdog/players/import", fields: ["reason": "weekly update"], file: ("csv", "week2.csv", good))
            #expect(imported.location == "/console/topdog/players")
            #expect(try await browser.follow(imported).text.contains("Imported 2 players from week2.csv: 1 new, 1 updated."))
            let listed = try await browser.get("/console/topdog/players?search=rookie")
            #expect(listed.text.contains("Newt Rookie") && listed.text.contains("150.25"))
            let admin = try await server.admin()
            let audit = try await server.call(.get, "/admin/audit", as: admin)
            #expect((audit.json["records"] as? [[String: Any]] ?? []).contains { $0["action"] as? String == "topdog.players.import" && $0["reason"] as? String == "weekly update" })

            let noReason = try await browser.upload("/console/topdog/players/import", fields: ["reason": ""], file: ("csv", "week3.csv", good))
            #expect(try await browser.follow(noReason).text.contains("A reason is required."))
            let noFile = try await browser.upload("/console/topdog/players/import", fields: ["reason": "x"], file: ("csv", "empty.csv", ""))
            #expect(try await browser.follow(noFile).text.contains("Choose a CSV file to import."))
            // The operation itself, as any API client sends it: admins only.
            let direct = try await server.call(.post, "/admin/topdog/players/import", as: guest, body: #"{"csv":"x","reason":"y"}"#)
            #expect(direct.status == 403)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aPendingPaymentIsSettledByHand(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.admin)
            let guest = try await server.guest()
            // The sandbox leaves amounts ending in .01 pending.
            let pending = try await server.deposit(1_001, for: guest)
            let id = try #require(pending.json["id"] as? String)
            #expect(try await server.balance(of: guest) == 0)
            let page = try await browser.get("/console/topdog/payments")
            #expect(page.html.contains("/console/topdog/payments/\(id)/resolve") && page.text.contains("$10.01"))
            let noOutcome = try await browser.post("/console/topdog/payments/\(id)/resolve", ["outcome": "maybe", "reason": "x"])
            #expect(try await browser.follow(noOutcome).text.contains("Choose whether the payment settled or failed."))
            let settled = try await browser.post("/console/topdog/payments/\(id)/resolve", ["outcome": "settled", "reason": "provider confirmed"])
            #expect(try await browser.follow(settled).text.contains("Deposit of $10.01 is settled."))
            #expect(try await server.balance(of: guest) == 1_001)
            #expect(try await browser.get("/console/topdog/payments").text.contains("No pending payments."))
            #expect(try await browser.get("/console/topdog/payments?status=settled").text.contains("$10.01"))
            #expect(try await browser.get("/console/topdog/payments?status=lost").status == 422)
            let unknown = try await browser.post("/console/topdog/payments/\(UUID().uuidString.lowercased())/resolve", ["outcome": "settled", "reason": "x"])
            #expect(unknown.status == 404)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func aModeratorIsRefusedEveryTopDogPage(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let tournament = try await server.tournament()
            let browser = ConsoleClient(server)
            try await browser.signInAsNewStaff(.moderator)
            let nav = try await browser.get("/console")
            #expect(!nav.html.contains(#"href="/console/topdog""#), "no link to a section they cannot open")
            for path in [
                "/console/topdog", "/console/topdog/new", "/console/topdog/tournaments/\(tournament)", "/console/topdog/rooms/\(UUID().uuidString)",
                "/console/topdog/players", "/console/topdog/payments",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == 403, "\(path)")
                #expect(page.text.contains("This page needs the admin role."), "\(path)")
            }
            for path in [
                "/console/topdog/tournaments", "/console/topdog/tournaments/\(tournament)/cancel", "/console/topdog/tournaments/\(tournament)/edit",
                "/console/topdog/rooms/\(UUID().uuidString)/pause", "/console/topdog/payments/\(UUID().uuidString)/resolve",
            ] {
                #expect(try await browser.post(path, ["reason": "x", "title": "x"]).status == 403, "\(path)")
            }
            let admin = try await server.admin()
            #expect(try await server.call(.get, "/topdog/tournaments/\(tournament)", as: admin).json["status"] as? String == "open", "nothing cancelled")
        }
    }
}
