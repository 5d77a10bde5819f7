import Foundation
import Testing
import TestSupport

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
            // The frame is written in more than one read: its last line says the whole board is in.
            #expect(try await player.waitFor("Enter place"), "\(player.screen)")
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
            // The code is on the line after "friends join with": waited for itself, since under
            // load the two lines can arrive in separate reads.
            let code = try #require(try await host.waitForMatch(/--code ([2-9A-Z]{6})/)?.1, "\(host.text)")
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
            // One winner, or a tie that both share (Quortex has ties; seed 0…7 runs saw one).
            let tie = won.count == 2 && won.allSatisfy { $0.contains("you won (tie)") }
            #expect(won.count == 1 || tie, "one of the two won, or both tied: \(host.screen)\n\(guest.screen)")
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }

    /// A party lobby at the terminal: a person hosts, a joiner in another terminal readies, the
    /// host starts, both see the table; the joiner leaves and the host ends the session.
    @Test func aPartyLobbyStartsAtTheHostsKeyAndBothSeeTheTable() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = String(Int.random(in: 40_000...60_000))
            let host = try PseudoTerminalProcess(["party", "host", "--name", "Hana", "--discovery-port", discovery, "--target", "50", "--no-color"], in: directory)
            #expect(try await host.waitFor("Crazy Eights lobby"), "\(host.screen)")
            #expect(try await host.waitFor("match to 50 points"), "\(host.screen)")
            host.type("s")
            #expect(try await host.waitFor("Wait for at least one more player."), "\(host.screen)")
            let guest = try PseudoTerminalProcess(["party", "join", "--name", "Gus", "--lobby", "Hana", "--discovery-port", discovery, "--no-color"], in: directory)
            #expect(try await guest.waitFor("Hosted by Hana"), "\(guest.screen)")
            #expect(guest.screen.contains("Settings (the host's)") && guest.screen.contains("match to 50 points"), "\(guest.screen)")
            #expect(try await host.waitFor("Gus"), "\(host.screen)")
            host.type("s")
            #expect(try await host.waitFor("Not ready yet: Gus"), "\(host.screen)")
            guest.type("r")
            #expect(try await host.waitFor("ready  Gus"), "\(host.screen)")
            // The host's "Not ready yet" follows the lobby: Gus readied, so it is gone.
            #expect(try await host.waitFor("Everyone is ready: s starts the game."), "\(host.screen)")
            #expect(!host.screen.contains("Not ready yet"), "\(host.screen)")
            host.type("s")
            #expect(try await host.waitFor("Your hand: "), "\(host.screen)")
            #expect(try await guest.waitFor("Your hand: "), "\(guest.screen)")
            guest.type("qy")
            #expect(try await guest.waitForExit() == 0, "\(guest.screen)")
            #expect(guest.screen.contains("You left the party."), "\(guest.screen)")
            // Gus said goodbye before his terminal closed: the lobby nearby counts Hana alone.
            let list = try await ParlorProcess.run(["party", "list", "--discovery-port", discovery, "--wait", "2"], in: directory)
            #expect(list.stdout.contains("Hana's crazy-eights  1/8 players"), "\(list.stdout)")
            host.type("qy")
            #expect(try await host.waitForExit() == 0, "\(host.screen)")
        }
    }

    /// A private lobby found without `--passcode`: a person at a terminal is asked for it (and
    /// what they type is not shown), rather than being refused for a wrong one.
    @Test func aPrivateLobbyAsksAJoinerAtATerminalForItsPasscode() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = String(Int.random(in: 40_000...60_000))
            let host = try ParlorProcess(
                ["party", "host", "--autoplay", "--name", "Hana", "--private", "4321", "--discovery-port", discovery], in: directory)
            defer { host.send(SIGKILL) }
            let guest = try PseudoTerminalProcess(["party", "join", "--name", "Gus", "--lobby", "Hana", "--discovery-port", discovery, "--no-color"], in: directory)
            #expect(try await guest.waitFor("is private. Passcode: "), "\(guest.text)")
            guest.type("4321\r")
            #expect(try await guest.waitFor("Hosted by Hana"), "\(guest.text)")
            #expect(guest.screen.contains("private (passcode)"), "\(guest.screen)")
            #expect(!guest.text.contains("4321"), "the passcode was shown: \(guest.text)")
            guest.type("qy")
            #expect(try await guest.waitForExit() == 0, "\(guest.text)")
            #expect(guest.screen.contains("You left the party."), "\(guest.screen)")
        }
    }
}
