import Foundation
import GameCore
import GameSession
import ParlorAPI
import ParlorClient
import TerminalPlay

/// `parlor play … --server`: signs in as a guest (kept per profile in `.parlor/play/`), finds a
/// game by quick match, invite code or a new private game, and plays it turn-based through the
/// SDK: moves over REST with the online `GameStore` endpoint, others' moves over the real-time
/// connection. Leaving mid-game resigns, after a confirmation.
struct OnlinePlay {
    let options: PlayOptions
    let server: String

    /// Plays with `make`'s screen, or by itself with `autoplay` (one line per event, no screen);
    /// returns the match when it finished, for the player's profile.
    @discardableResult
    func play<Screen: TerminalScreen>(
        _: Screen.Type, autoplay: (@Sendable (Screen.Module.View) -> Screen.Module.Action?)? = nil, make: ([Int: String], String) -> Screen
    ) async throws -> FinishedMatch? {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CommandFailure(.usage, "--server must be an http(s) URL, got '\(server)'")
        }
        return try await play(url: url, autoplay: autoplay, make: make)
    }

    private func play<Screen: TerminalScreen>(
        url: URL, autoplay: (@Sendable (Screen.Module.View) -> Screen.Module.Action?)?, make: ([Int: String], String) -> Screen
    ) async throws -> FinishedMatch? {
        let gameType = Screen.Module.id.rawValue
        let directory = URL(fileURLWithPath: ".parlor/play", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let client = PlayConnection.client(url, store: FileCredentialStore(url: directory.appendingPathComponent("\(options.profile).json")))
        say("Connecting to \(server)…")
        let me = try await PlayConnection.reaching(server) {
            try await signIn(client, deviceFile: directory.appendingPathComponent("\(options.profile).device"))
        }
        say("Signed in as \(me.displayName) (\(options.profile)).")
        let game = try await PlayConnection.reaching(server) { try await find(gameType, client) }
        guard let id = UUID(uuidString: game.id) else { throw CommandFailure(.software, "the server named game '\(game.id)'") }
        let events = await client.realtime()
        // Moves made while the server is unreachable wait here and go when it is back.
        let queue = try OfflineMoveQueue(file: directory.appendingPathComponent("\(options.profile)-moves.json"))
        let endpoint = OnlineGameEndpoint<Screen.Module>(client: client, game: id, offlineQueue: queue)
        try await endpoint.start(following: events)
        let read = try await parlorCall { try await client.api.getGame(path: .init(gameID: game.id)).ok.body.json }
        // Each entry names its own seat: the server lists players in the order they came, and
        // deals the seats at the start.
        let labels = Dictionary(read.seats.compactMap { entry in entry.seat.map { ($0, entry.name) } }, uniquingKeysWith: { first, _ in first })
        // The server's game id names the match, so the profile counts it once however often it is read.
        let finished = { (outcome: GameOutcome?) in
            outcome.map { FinishedMatch(matchId: id, gameId: Screen.Module.id, seat: read.yourSeat, outcome: $0) }
        }
        // A resignation (or a timeout) the server records outside the game's rules is in the
        // game's outcome, not in the player's view.
        let outcome: @Sendable () async -> GameOutcome? = { [api = client.api, id = game.id] in
            guard let ended = try? await parlorCall({ try await api.getGame(path: .init(gameID: id)).ok.body.json }).outcome else { return nil }
            return GameOutcome(winners: ended.winners, winType: WinType(rawValue: ended.winType))
        }
        if let autoplay {
            say("Match started.")
            await EndpointAutoplay.run(endpoint, choose: autoplay)
            var ended = await endpoint.snapshot().view.flatMap(Screen.Module.outcome(in:))
            if ended == nil { ended = await outcome() }
            await endpoint.stop()
            await events?.connection.close()
            guard let ended else {
                say("Match over.")
                return nil
            }
            let winners = ended.winners.map { labels[$0] ?? "P\($0 + 1)" }
            say(winners.isEmpty ? "Match over: nobody won." : "Match over: \(winners.joined(separator: " and ")) won (\(ended.winType.rawValue)).")
            return finished(ended)
        }
        let terminal = Terminal(colour: !options.noColor)
        let screen = make(labels, "Leave and resign this game? y to resign, any other key to stay.")
        let (ending, shown) = await TableDriver<Screen>(endpoint: endpoint, style: terminal.style, write: terminal.write, finalOutcome: outcome)
            .run(screen, keys: terminal.keys())
        await endpoint.stop()
        await events?.connection.close()
        terminal.restore()
        if ending == .left {
            _ = try? await parlorCall { try await client.api.resignGame(path: .init(gameID: game.id), body: .json(.init(moveId: UUID().uuidString))).ok }
            say("You resigned and left the game.")
            return nil
        }
        say(ending.summary(seat: read.yourSeat, chrome: shown.chrome))
        if case .finished(let outcome) = ending { return finished(outcome) }
        return nil
    }

    /// The profile's session if the server still takes it, else a guest sign-in with the
    /// profile's device id (made once), so the same profile is the same guest every time.
    private func signIn(_ client: ParlorClient, deviceFile: URL) async throws -> Components.Schemas.User {
        if try await client.session.current() != nil,
            let me = try? await parlorCall({ try await client.api.getMe().ok.body.json })
        {
            return me
        }
        let device: String
        if let saved = try? String(contentsOf: deviceFile, encoding: .utf8), !saved.isEmpty {
            device = saved.trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            device = "terminal-" + UUID().uuidString.lowercased()
            try device.write(to: deviceFile, atomically: true, encoding: .utf8)
        }
        return try await client.signIn(.guest(deviceID: device))
    }

    /// The game to play: joined by code, newly created with an invite code, or from quick match;
    /// waits (printing what it waits for) until it has started.
    private func find(_ gameType: String, _ client: ParlorClient) async throws -> Components.Schemas.Game {
        let api = client.api
        var game: Components.Schemas.Game
        if let code = options.code {
            game = try await parlorCall { try await api.joinGameByCode(body: .json(.init(code: code))).ok.body.json }
        } else if options.invite {
            game = try await parlorCall {
                try await api.createGame(body: .json(.init(gameType: gameType, players: options.players, mode: "turn_based"))).created.body.json
            }
            say("Invite code \(game.inviteCode ?? "?"): friends join with")
            say("  parlor play \(gameType) --server \(server) --code \(game.inviteCode ?? "?")")
        } else {
            _ = try await parlorCall {
                try await api.enterQuickMatch(body: .json(.init(gameType: gameType, players: options.players, mode: "turn_based")))
            }
            say("Looking for \(options.players - 1) other player\(options.players == 2 ? "" : "s") (quick match)… Ctrl-C gives up.")
            var match: String?
            while match == nil {
                try await Task.sleep(for: .milliseconds(500))
                match = try await parlorCall { try await api.getQuickMatch().ok.body.json }.match
            }
            let found = match ?? ""
            game = try await parlorCall { try await api.getGame(path: .init(gameID: found)).ok.body.json }
        }
        if game.status == .waiting { say("Waiting for \(game.players - game.seats.count) more player(s)…") }
        while game.status == .waiting {
            try await Task.sleep(for: .seconds(1))
            let id = game.id
            game = try await parlorCall { try await api.getGame(path: .init(gameID: id)).ok.body.json }
        }
        return game
    }
}
