import Foundation
import HTTPTypes
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// `/r/{game}`: a finished game's pictures, only when every player shares, only for games that
/// have pictures.
@Suite struct ReplayPageTests {
    @Test(arguments: TestDatabaseKind.available)
    func aFinishedSharedGameShowsOnePicturePerPosition(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let guests = [try await server.play.guest(), try await server.play.guest()]
            try await server.rename(guests[0], to: LinkPageTests.hostile)
            let (id, frames) = try await server.finishedGame(guests, turns: 4)
            let page = try await server.page("/r/\(id.uuidString.lowercased())")
            #expect(page.status == 200, "\(page.text.prefix(500))")
            LinkPageTests.expectPagePolicy(page, "replay")
            #expect(frames >= 5, "the start, four moves and the resignation")
            #expect(page.text.contains("\(frames - 1) moves, \(frames) frames."))
            #expect(page.text.components(separatedBy: "<img src=\"data:image/svg+xml;base64,").count - 1 == frames)
            #expect(page.text.contains("<figcaption>Start</figcaption>"))
            #expect(page.text.contains("<figcaption>Move 1</figcaption>"))
            #expect(page.text.contains(LinkPageTests.hostileEscaped))
            #expect(page.text.contains("href=\"quortex://r/\(id.uuidString.lowercased())\""))
        }
    }

    /// One player turning sharing off hides the game; turning it on again shows it.
    @Test(arguments: TestDatabaseKind.available)
    func onePlayerWhoDoesNotShareHidesIt(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let guests = [try await server.play.guest(), try await server.play.guest()]
            let (id, _) = try await server.finishedGame(guests, turns: 2)
            let path = "/r/\(id.uuidString.lowercased())"
            #expect(try await server.page(path).status == 200)
            try await server.setSharing(false, for: guests[1])
            let me = try await server.play.call(.get, "/users/me", as: guests[1])
            let preferences = me.json["preferences"] as? [String: Any]
            #expect(preferences?["share_replays"] as? Bool == false)
            #expect(preferences?["theme"] as? String == "dark", "the other preferences stay as they were")
            let hidden = try await server.page(path)
            #expect(hidden.status == 403)
            LinkPageTests.expectPagePolicy(hidden, "private replay")
            #expect(hidden.text.contains("This replay is private"))
            #expect(!hidden.text.contains("<img"))
            try await server.setSharing(true, for: guests[1])
            #expect(try await server.page(path).status == 200)
        }
    }

    @Test func sharingIsOnUnlessTurnedOff() async throws {
        try await withLinkServer { server in
            let guest = try await server.play.guest()
            let me = try await server.play.call(.get, "/users/me", as: guest)
            #expect((me.json["preferences"] as? [String: Any])?["share_replays"] as? Bool == true)
            let wrong = try await server.play.call(.put, "/users/me", as: guest, body: #"{"preferences":{"share_replays":"no"}}"#)
            #expect(wrong.status == 400)
        }
    }

    @Test(arguments: TestDatabaseKind.available)
    func unknownUnfinishedAndUndrawableGamesSaySo(kind: TestDatabaseKind) async throws {
        try await withLinkServer(kind: kind) { server in
            let guests = [try await server.play.guest(), try await server.play.guest()]
            let running = try await server.play.table(game: "quortex", players: guests, mode: "turn_based")
            let eights = try await server.play.table(game: "crazy-eights", players: guests, mode: "turn_based")
            for (path, status, text) in [
                ("/r/\(running.uuidString.lowercased())", 404, "is still being played"),
                ("/r/\(eights.uuidString.lowercased())", 404, "A replay is not available for this game: Crazy Eights games have no pictures"),
                ("/r/\(UUID().uuidString)", 404, "There is no such game."),
                ("/r/%3Cscript%3E", 404, "“&lt;script&gt;” is not a game link."),
            ] {
                let page = try await server.page(path)
                #expect(page.status == status, "\(path)")
                LinkPageTests.expectPagePolicy(page, path)
                #expect(page.text.contains(text), "\(path): \(page.text)")
            }
        }
    }
}
