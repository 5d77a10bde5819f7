import CrazyEights
import Foundation
import GameSession
import PartyFeature
import PartyNetwork
import TerminalPlay

/// A party on the local network, wired to the terminal: the host's and the joiner's models
/// (``PartyHostModel``, ``PartyJoinModel``) with a line said between their steps, the lobby
/// screen, then the Crazy Eights table.
struct LocalParty {
    let options: PartyOptions

    private var network: PartyNetworkClient { .live(discovery: options.discovery) }

    private func profiles() async throws -> PartyProfileStore {
        try await PartyProfileStore(directory: options.profileDirectory, name: options.name)
    }

    @MainActor
    func host(settings: CrazyEightsSettings, passcode: String?, bots: Int, players: Int, port: Int, timeouts: SessionTimeouts) async throws {
        let model = PartyHostModel.using(
            network, options: .init(settings: settings, passcode: passcode, bots: bots, port: port, timeouts: timeouts, appVersion: options.version),
            profiles: try await profiles())
        await model.open()
        defer { model.close() }
        guard let lobbyID = model.lobbyID, let open = model.port, let lobby = model.lobby else {
            throw model.failure.map(CommandFailure.init) ?? CommandFailure(.software, "the lobby did not open")
        }
        say("Lobby \(lobbyID) open on port \(open) (\(passcode == nil ? "public" : "private")); others join with:")
        say("  parlor party join --lobby \(lobbyID)" + (passcode == nil ? "" : " --passcode …"))
        if options.autoplay {
            await model.startWhenReady(players: players)
            if let failure = model.failure { throw CommandFailure(failure) }
            say("Match started with \(await model.playerCount()) players.")
            let absences = Task { await model.followAbsences { say($0) } }
            await model.playByItself()
            absences.cancel()
        } else {
            let terminal = Terminal(colour: !options.noColor)
            let keys = KeyRouter(terminal.keys())
            let exit = await LobbyDriver(style: terminal.style, write: terminal.write).run(LobbyScreen(model: lobby), keys: keys.stream())
            await model.lobbyEnded(exit)
            guard model.phase == .playing, let endpoint = model.endpoint else {
                terminal.restore()
                say("You closed the lobby.")
                // The goodbye still has to reach the joiners.
                try? await Task.sleep(for: .milliseconds(300))
                return
            }
            _ = await TableDriver<CrazyEightsScreen>(endpoint: endpoint, style: terminal.style, write: terminal.write)
                .run(CrazyEightsScreen(seatLabels: await model.seatNames()), keys: keys.stream())
            terminal.restore()
        }
        try await model.finish()
        say(model.resultText ?? "The match did not finish.")
        if let autopilot = model.autopilotText { say(autopilot) }
        // The last frames (the end of the session) still have to reach the joiners.
        try? await Task.sleep(for: .milliseconds(500))
    }

    @MainActor
    func join(lobby filter: String?, passcode given: String?, address: String?, wait: Duration) async throws {
        let model = PartyJoinModel.using(network, profiles: try await profiles(), appVersion: options.version, passcode: given)
        if let address {
            model.connect(address: address, lobbyID: filter)
        } else {
            await model.find(filter, wait: wait, discoveryPort: options.discoveryPort, choosing: !options.autoplay)
            if case .choosing(let lobbies) = model.phase { model.choose(askWhich(lobbies, lines: model.choiceLines)) }
            if case .needsPasscode(let target) = model.phase {
                // Without a person at a terminal (a script, `--autoplay`) it is said before trying.
                if !options.autoplay, PasscodePrompt.canAsk {
                    model.providePasscode(PasscodePrompt.ask("\(target.hostName)'s lobby \(target.lobbyID) is private. Passcode: "))
                } else {
                    model.cannotAskForPasscode()
                }
            }
        }
        model.join()
        defer { model.close() }
        guard let target = model.target, let lobby = model.lobby else {
            throw model.failure.map(CommandFailure.init) ?? CommandFailure(.software, "the lobby was not joined")
        }
        if options.autoplay {
            if await model.waitUntilJoined() {
                say("Joined \(target.hostName)'s lobby \(target.lobbyID) at \(target.address):\(target.port).")
                if await model.readyAndWaitForStart() { say("Match started.") }
                await model.playByItself()
            }
        } else {
            let terminal = Terminal(colour: !options.noColor)
            let keys = KeyRouter(terminal.keys())
            let exit = await LobbyDriver(style: terminal.style, write: terminal.write).run(LobbyScreen(model: lobby), keys: keys.stream())
            await model.lobbyEnded(exit)
            if exit == .started, let endpoint = model.endpoint {
                let (ending, _) = await TableDriver<CrazyEightsScreen>(endpoint: endpoint, style: terminal.style, write: terminal.write)
                    .run(CrazyEightsScreen(seatLabels: await model.seatNames()), keys: keys.stream())
                if ending == .left { await model.leaveTable() }
            }
            terminal.restore()
        }
        try await model.finish()
        if let failure = model.failure { throw CommandFailure(failure) }
        say(model.resultText ?? "The match did not finish.")
    }

    /// The person's choice among several lobbies heard, from a numbered list; nil when none.
    private func askWhich(_ lobbies: [DiscoveredLobby], lines: [String]) -> DiscoveredLobby? {
        for (index, line) in lines.enumerated() { say("\(index + 1)) \(line)") }
        FileHandle.standardOutput.write(Data("Join which lobby? [1-\(lobbies.count)] ".utf8))
        guard let line = readLine(), let choice = Int(line.trimmingCharacters(in: .whitespaces)), lobbies.indices.contains(choice - 1) else {
            return nil
        }
        return lobbies[choice - 1]
    }
}
