import AppFoundation
import Foundation
import GameCore
import GameSession
import ParlorClient
import PlayerProfiles
import TerminalPlay

/// `parlor play … --server`: the online flow (``OnlineMatchModel``: a guest kept per profile in
/// `.parlor/play/`, quick match, invite code or a new private game, the wait, resigning) with a
/// line said between its steps, then the table on the model's endpoint. Leaving mid-game resigns,
/// after the table's confirmation.
struct OnlinePlay {
    let options: PlayOptions
    let server: String
    /// Where the finished match is counted: the party's profile in hybrid play; nil for none.
    var profiles: ProfileStore?

    /// Plays with `make`'s screen, or by itself with `autoplay` (one line per event, no screen);
    /// returns the match when it finished and was counted.
    @MainActor @discardableResult
    func play<Screen: TerminalScreen>(
        _: Screen.Type, autoplay: (@Sendable (Screen.Module.View) -> Screen.Module.Action?)? = nil, make: ([Int: String], String) -> Screen
    ) async throws -> FinishedMatch? {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CommandFailure(.usage, "--server must be an http(s) URL, got '\(server)'")
        }
        let directory = URL(fileURLWithPath: ".parlor/play", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let client = PlayConnection.client(url, store: FileCredentialStore(url: directory.appendingPathComponent("\(options.profile).json")))
        let model = OnlineMatchModel<Screen.Module>.using(
            .live(
                client, deviceIDFile: directory.appendingPathComponent("\(options.profile).device"),
                offlineQueueFile: directory.appendingPathComponent("\(options.profile)-moves.json"), profiles: profiles))
        try await reachGame(model)
        guard let endpoint = model.endpoint else { throw CommandFailure(.software, "the game started but did not open") }
        if let autoplay {
            say("Match started.")
            await model.playByItself(choose: autoplay)
            await model.close()
            say(model.resultText ?? "Match over.")
            return model.recordedMatch
        }
        let terminal = Terminal(colour: !options.noColor)
        let screen = make(model.seatLabels, model.resignQuestion + " y to resign, any other key to stay.")
        let (ending, shown) = await TableDriver<Screen>(
            endpoint: endpoint, style: terminal.style, write: terminal.write, finalOutcome: { await model.finalOutcome() }
        ).run(screen, keys: terminal.keys())
        await model.close()
        terminal.restore()
        if ending == .left {
            await model.resign()
            say(model.resultText ?? "You left the game.")
            return nil
        }
        if case .finished(let outcome) = ending { await model.finish(viewOutcome: outcome) }
        say(ending.summary(of: shown))
        return model.recordedMatch
    }

    /// Signs in, finds the game and waits for its players, saying each step as it comes. Not on
    /// the main actor: its steps run in `PlayConnection.reaching`, which is not either.
    private func reachGame<Module: GameModule>(_ model: OnlineMatchModel<Module>) async throws {
        say("Connecting to \(server)…")
        try await PlayConnection.reaching(server) {
            await model.signIn()
            try await check(model)
        }
        say("Signed in as \(await model.player?.displayName ?? "a guest") (\(options.profile)).")
        let way: OnlineMatchWay =
            if let code = options.code { .join(code: code) } else if options.invite { .privateGame(players: options.players) } else {
                .quickMatch(players: options.players)
            }
        try await PlayConnection.reaching(server) {
            await model.find(way)
            try await check(model)
            if case .privateGame = way, let code = await model.inviteCode {
                say("Invite code \(code): friends join with")
                say("  parlor play \(Module.gameType.rawValue) --server \(server) --code \(code)")
            }
            if case .searching = await model.phase, let wait = await model.waitText { say(wait + " Ctrl-C gives up.") }
            await model.waitForMatch()
            try await check(model)
            if case .waitingForPlayers = await model.phase, let wait = await model.waitText { say(wait) }
            await model.waitForPlayers()
            try await check(model)
        }
    }

    /// The flow's failure, thrown for the command to report.
    @MainActor
    private func check<Module: GameModule>(_ model: OnlineMatchModel<Module>) throws(ParlorError) {
        if let error = model.error { throw error }
    }
}
