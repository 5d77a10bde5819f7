import Foundation
import ParlorAPI
import ParlorClient
import Testing
import TestSupport

/// `parlor play … --server` as a new player meets it: the server it cannot reach, who sits where,
/// and how a game the other player resigned ends. The other player is the SDK, driven by the test.
@Suite(.timeLimit(.minutes(5)))
struct OnlinePlayCommandTests {
    @Test func anUnreachableServerIsSaidInOneLineAndAStatus() async throws {
        try await withTemporaryDirectory { directory in
            let started = ContinuousClock.now
            let player = try PseudoTerminalProcess(["play", "quortex", "--server", "http://127.0.0.1:1"], in: directory)
            #expect(try await player.waitFor("Connecting to http://127.0.0.1:1", timeout: .seconds(5)), "\(player.text)")
            let status = try await player.waitForExit(timeout: .seconds(10))
            let waited = ContinuousClock.now - started
            #expect(status == 69, "\(player.text)")
            #expect(player.text.contains("parlor: error: cannot reach the server at http://127.0.0.1:1: connection refused"), "\(player.text)")
            #expect(waited < .seconds(6), "took \(waited)")
        }
    }

    /// The server lists a game's players in the order they came and deals the seats at the start,
    /// so in about half the games its `seats` are out of seat order. Games are played until one is.
    @Test func eachSeatIsNamedByItsOwnEntry() async throws {
        try await withServer { url, directory in
            let olga = try await Self.olga(url)
            var outOfOrder = false
            for attempt in 0..<16 where !outOfOrder {
                let (game, code) = try await Self.create(by: olga)
                let player = try PseudoTerminalProcess(
                    ["play", "crazy-eights", "--server", url, "--code", code, "--profile", "p", "--no-color"], in: directory)
                #expect(try await player.waitFor("Your hand: "), "\(player.text)")
                let read = try await olga.api.getGame(path: .init(gameID: game)).ok.body.json
                let olgaSeat = try #require(read.yourSeat)
                let mine = try #require(read.seats.first { $0.seat != olgaSeat })
                // Drawn once more after any key, so the frame read is whole.
                player.type("x")
                #expect(try await player.waitFor("Unknown key"), "\(player.screen)")
                #expect(player.screen.contains("P\(olgaSeat + 1) Olga: "), "attempt \(attempt): \(player.screen)")
                #expect(!player.screen.contains("P\(olgaSeat + 1) \(mine.name)"), "attempt \(attempt): \(player.screen)")
                outOfOrder = read.seats.first?.seat != 0
                player.type("qy")
                #expect(try await player.waitForExit() == 0, "\(player.screen)")
            }
            #expect(outOfOrder, "no game listed its seats out of order")
        }
    }

    /// Crazy Eights has no resign action of its own: the server records the resignation, and the
    /// player who is left says so as Quortex does, on the table and after it.
    @Test func aGameTheOtherPlayerResignedSaysYouWonByResignation() async throws {
        try await withServer { url, directory in
            let olga = try await Self.olga(url)
            let (game, code) = try await Self.create(by: olga)
            let player = try PseudoTerminalProcess(
                ["play", "crazy-eights", "--server", url, "--code", code, "--profile", "p", "--no-color"], in: directory)
            #expect(try await player.waitFor("Your hand: "), "\(player.text)")
            _ = try await olga.api.resignGame(path: .init(gameID: game), body: .json(.init(moveId: UUID().uuidString))).ok
            #expect(try await player.waitForExit() == 0, "\(player.text)")
            let table = player.text.components(separatedBy: "\u{1B}[H").last ?? ""
            #expect(table.contains("Game over: you won (resignation)."), "\(player.screen)")
            #expect(!table.contains("turn: "), "the header is not left at a turn: \(player.screen)")
            let lines = player.screen.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.last == "Game over: you won (resignation).", "\(player.screen)")
        }
    }

    private func withServer(_ body: (String, URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            let url = "http://127.0.0.1:\(try await server.waitUntilListening())"
            try await body(url, directory)
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }

    /// The other player: a guest named Olga, through the SDK.
    private static func olga(_ url: String) async throws -> ParlorClient {
        let client = ParlorClient(serverURL: try #require(URL(string: url)))
        try await client.signIn(.guest(deviceID: "olga-" + UUID().uuidString.lowercased(), displayName: "Olga"))
        return client
    }

    /// A private two-player Crazy Eights game Olga made: its id and invite code.
    private static func create(by olga: ParlorClient) async throws -> (String, String) {
        let game = try await olga.api.createGame(body: .json(.init(gameType: "crazy-eights", players: 2, mode: "turn_based"))).created.body.json
        return (game.id, try #require(game.inviteCode))
    }
}
