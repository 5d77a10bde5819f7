import Foundation
import ParlorTestSupport
import Testing

/// `parlor play`: a person at a terminal, driven through a pseudo-terminal with keystrokes.
@Suite(.timeLimit(.minutes(5)))
struct PlayCommandTests {
    static let tab = "\t", enter = "\r", up = "\u{1B}[A"

    /// Keeps pressing Tab (to a legal cell) and Enter until the game ends and the command exits.
    static func playToTheEnd(_ player: PseudoTerminalProcess, limit: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + limit
        while player.isRunning, ContinuousClock.now < deadline {
            player.type(tab + enter)
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    @Test func anOfflineQuortexGameIsPlayedToItsEndWithKeystrokes() async throws {
        try await withTemporaryDirectory { directory in
            let player = try PseudoTerminalProcess(
                ["play", "quortex", "--seed", "5", "--bots", "easy", "--bot-pause", "0"], in: directory)
            #expect(try await player.waitFor("your turn"), "\(player.screen)")
            #expect(player.text.contains("\u{1B}[?25l"), "the cursor is hidden while the board is drawn")
            #expect(player.screen.contains("P2 bot (easy): join top and bottom"), "\(player.screen)")
            #expect(player.screen.contains("Tile: "), "\(player.screen)")
            // Rules and back.
            player.type("?")
            #expect(try await player.waitFor("Quortex rules"))
            player.type("x")
            // A tile, then Enter again on the tile just placed: refused with the rules' reason.
            player.type(Self.tab + Self.enter)
            #expect(try await player.waitFor("your turn", timeout: .seconds(30)))
            try await Task.sleep(for: .milliseconds(300))
            player.type(Self.enter)
            #expect(try await player.waitFor("already holds a tile"), "\(player.screen)")
            #expect(player.screen.contains("Not allowed: "), "\(player.screen)")
            try await Self.playToTheEnd(player)
            #expect(try await player.waitForExit() == 0, "\(player.screen)")
            #expect(player.screen.contains("Game over"), "\(player.screen)")
            #expect(player.text.contains("\u{1B}[?25h"), "the cursor is shown again")
        }
    }

    @Test func crazyEightsShowsTheTableAndLeavesAfterAConfirmation() async throws {
        try await withTemporaryDirectory { directory in
            let player = try PseudoTerminalProcess(["play", "crazy-eights", "--players", "3", "--seed", "2", "--bot-pause", "0"], in: directory)
            #expect(try await player.waitFor("Your hand: "), "\(player.screen)")
            #expect(player.screen.contains("P2 bot (medium): ") && player.screen.contains("P3 bot (medium): "), "\(player.screen)")
            #expect(player.screen.contains("Top card: "), "\(player.screen)")
            player.type("q")
            #expect(try await player.waitFor("Leave the game?"))
            player.type("n")
            #expect(try await player.waitFor("Staying in the game."))
            player.type("qy")
            #expect(try await player.waitForExit() == 0)
            #expect(player.screen.contains("You left the game."), "\(player.screen)")
        }
    }

    /// Two people online: one creates a private game, the other joins with its code, and both
    /// play it to the end from their terminals through the SDK.
    @Test func twoPlayersFinishAnOnlineGameByInviteCode() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            let url = "http://127.0.0.1:\(try await server.waitUntilListening())"
            let host = try PseudoTerminalProcess(["play", "quortex", "--server", url, "--invite", "--profile", "host"], in: directory)
            #expect(try await host.waitFor("friends join with"), "\(host.text)")
            let code = try #require(host.text.firstMatch(of: /--code ([2-9A-Z]{6})/)?.1)
            let guest = try PseudoTerminalProcess(["play", "quortex", "--server", url, "--code", String(code), "--profile", "guest"], in: directory)
            #expect(try await host.waitFor("Quortex"), "\(host.text)")
            #expect(try await guest.waitFor("Quortex"), "\(guest.text)")
            async let hostPlays: Void = Self.playToTheEnd(host)
            async let guestPlays: Void = Self.playToTheEnd(guest)
            _ = try await (hostPlays, guestPlays)
            #expect(try await host.waitForExit() == 0, "\(host.screen)")
            #expect(try await guest.waitForExit() == 0, "\(guest.screen)")
            #expect(host.screen.contains("Game over"), "\(host.screen)")
            #expect(guest.screen.contains("Game over"), "\(guest.screen)")
            let won = [host.screen, guest.screen].filter { $0.contains("you won") }
            #expect(won.count == 1, "one of the two won: \(host.screen)\n\(guest.screen)")
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }
}
