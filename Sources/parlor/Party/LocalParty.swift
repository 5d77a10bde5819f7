import CrazyEights
import Foundation
import GameCore
import GameSession
import Logging
import PartyNetwork
import PlayerProfiles
import TerminalPlay

/// A party on the local network: the host's lobby on a TCP port announced over UDP, joiners
/// that find it, the lobby screen, then the Crazy Eights table, and the match in each profile.
struct LocalParty {
    let options: PartyOptions

    private var logger: Logger {
        var logger = Logger(label: "parlor.party")
        logger.logLevel = .critical
        return logger
    }

    func host(settings: CrazyEightsSettings, passcode: String?, bots: Int, players: Int, port: Int, timeouts: SessionTimeouts) async throws {
        let profiles = try await PartyProfiles(options: options)
        let lobbyID = String((0..<8).map { _ in "abcdefghjkmnpqrstuvwxyz23456789".randomElement() ?? "a" })
        let configuration = HostConfiguration(
            lobbyID: lobbyID, appVersion: options.version, passcode: passcode, timeouts: timeouts, firstSeed: GameSeed(UInt64.random(in: 0...UInt64(UInt32.max))))
        let hosting: PartyHosting<CrazyEights>
        do {
            hosting = try await PartyHosting<CrazyEights>(
                profile: profiles.profile, settings: settings, configuration: configuration, port: port, discovery: options.discovery,
                logger: logger)
        } catch {
            throw CommandFailure(.cannotListen, "could not open the lobby on port \(port): \(error)")
        }
        let serving = Task { await hosting.run() }
        defer { serving.cancel() }
        say("Lobby \(lobbyID) open on port \(hosting.transport.port) (\(passcode == nil ? "public" : "private")); others join with:")
        say("  parlor party join --lobby \(lobbyID)" + (passcode == nil ? "" : " --passcode …"))
        let botRuns = (0..<bots).map { index in
            Task { await Self.bot(index + 1, joining: hosting, passcode: passcode, version: options.version, logger: logger) }
        }
        defer { botRuns.forEach { $0.cancel() } }
        let host = hosting.host

        if options.autoplay {
            while true {
                let lobby = await host.lobby
                if lobby.playerProfiles.count >= players, lobby.readyPlayerIDs.count == lobby.playerProfiles.count - 1 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await host.start()
            say("Match started with \(await host.lobby.playerProfiles.count) players.")
            let absences = Task { await Self.reportAbsences(host) }
            await EndpointAutoplay.run(host, choose: Self.botMove)
            absences.cancel()
        } else {
            let terminal = Terminal(colour: !options.noColor)
            let keys = KeyRouter(terminal.keys())
            let banner = "Lobby \(lobbyID) · port \(hosting.transport.port)" + (passcode == nil ? "" : " · passcode needed")
            let started = await PartyLobbyDriver(terminal: terminal).run(
                LobbyScreen(role: .host, gameName: "Crazy Eights", banner: banner, settingsText: Self.describeSettings),
                keys: keys.stream(), snapshot: { await host.snapshot() }
            ) { command in
                do throws(SessionError) {
                    switch command {
                    case .start: try await host.start()
                    case .kick(let id): try await host.kick(id, reason: "Removed by the host")
                    case .ban(let id): try await host.kick(id, reason: "Banned by the host", ban: true)
                    case .leave: await host.end(reason: "The host closed the lobby")
                    case .setReady, .none: break
                    }
                    return nil
                } catch {
                    return error.message
                }
            }
            guard started else {
                terminal.restore()
                await host.end(reason: "The host closed the lobby")
                say("You closed the lobby.")
                try? await Task.sleep(for: .milliseconds(300))
                return
            }
            _ = await TableDriver<CrazyEightsScreen>(endpoint: host, style: terminal.style, write: terminal.write)
                .run(CrazyEightsScreen(seatLabels: await Self.seatNames(host.snapshot())), keys: keys.stream())
            terminal.restore()
        }
        let snapshot = await host.snapshot()
        try await profiles.record(snapshot.finishedMatches)
        say(Self.result(snapshot))
        let autopilot = await host.core.autopilotMoves
        if autopilot > 0 { say("The host played \(autopilot) move\(autopilot == 1 ? "" : "s") for players who were away.") }
        await host.end(reason: "The match is over")
        // The last frames (the end of the session) still have to reach the joiners.
        try? await Task.sleep(for: .milliseconds(500))
    }

    func join(lobby filter: String?, passcode given: String?, address: String?, wait: Duration) async throws {
        let profiles = try await PartyProfiles(options: options)
        var passcode = given
        let (host, port, lobbyID, hostName): (String, Int, String, String)
        if let address {
            let parts = address.split(separator: ":")
            guard parts.count == 2, let number = Int(parts[1]), (1...65_535).contains(number) else {
                throw CommandFailure(.usage, "--address is HOST:PORT, got '\(address)'")
            }
            (host, port, lobbyID, hostName) = (String(parts[0]), number, filter ?? "", String(parts[0]))
        } else {
            let found = try await PartyDiscovery(options: options).find(filter, wait: wait)
            (host, port, lobbyID, hostName) = (found.address, found.advertisement.port, found.id, found.advertisement.hostName)
            if found.advertisement.isPrivate, passcode == nil { passcode = try askPasscode(lobbyID, hostName: hostName) }
        }
        let configuration = ClientConfiguration(
            profile: profiles.profile, appVersion: options.version, passcode: passcode, timeouts: SessionTimeouts(),
            games: GameRegistry([CrazyEights.self]).engineVersions)
        let joining = PartyJoining<CrazyEights>(configuration: configuration, address: host, port: port, lobbyID: lobbyID, logger: logger)
        let running = Task { await joining.run() }
        defer { running.cancel() }
        let client = joining.client
        var left = false

        if options.autoplay {
            while [.connecting, .joining].contains(await client.phase) { try await Task.sleep(for: .milliseconds(50)) }
            if case .joined = await client.phase {
                say("Joined \(hostName)'s lobby \(lobbyID) at \(host):\(port).")
                await client.setReady(true)
                while await client.phase == .joined, await client.lobby?.phase ?? .gathering == .gathering {
                    try await Task.sleep(for: .milliseconds(50))
                }
                if await client.lobby?.phase == .playing { say("Match started.") }
                await EndpointAutoplay.run(client, choose: Self.botMove)
            }
        } else {
            let terminal = Terminal(colour: !options.noColor)
            let keys = KeyRouter(terminal.keys())
            let started = await PartyLobbyDriver(terminal: terminal).run(
                LobbyScreen(role: .joiner(me: profiles.profile.id), gameName: "Crazy Eights", settingsText: Self.describeSettings),
                keys: keys.stream(), snapshot: { await client.snapshot() }
            ) { command in
                switch command {
                case .setReady(let ready): await client.setReady(ready)
                case .leave: await client.leave()
                case .start, .kick, .ban, .none: break
                }
                return nil
            }
            if started {
                let (ending, _) = await TableDriver<CrazyEightsScreen>(endpoint: client, style: terminal.style, write: terminal.write)
                    .run(CrazyEightsScreen(seatLabels: await Self.seatNames(client.snapshot())), keys: keys.stream())
                if ending == .left { await client.leave() }
                left = ending == .left
            } else {
                // The person left from the lobby, or input ended there (the driver left for them).
                left = await client.phase == .ended(reason: ClientPhase.youLeft)
            }
            terminal.restore()
        }
        let snapshot = await client.snapshot()
        if left {
            // The goodbye is only queued on the link: ending now would close it unsent, and the
            // host would keep the seat for a player who left (shown as still in by `party list`)
            // until the client-silence timeout.
            try? await Task.sleep(for: .milliseconds(300))
            try await profiles.record(snapshot.finishedMatches)
            say("You left the party.")
            return
        }
        try await profiles.record(snapshot.finishedMatches)
        if snapshot.finishedMatches.isEmpty, snapshot.phase.isOver {
            if snapshot.phase == .rejected(reason: JoinRejection.wrongPasscode), passcode == nil {
                throw CommandFailure(.party, "lobby \(lobbyID) is private: join with --passcode PASSCODE")
            }
            throw CommandFailure(.party, LobbyScreen.describe(snapshot.phase))
        }
        say(Self.result(snapshot))
    }

    /// A private lobby's passcode, asked of the person at the terminal; without one (a script,
    /// `--autoplay`) the lobby cannot be joined and that is said before trying.
    private func askPasscode(_ lobbyID: String, hostName: String) throws -> String {
        guard !options.autoplay, PasscodePrompt.canAsk else {
            throw CommandFailure(.party, "lobby \(lobbyID) (\(hostName)'s) is private: join with --passcode PASSCODE")
        }
        guard let typed = PasscodePrompt.ask("\(hostName)'s lobby \(lobbyID) is private. Passcode: ") else {
            throw CommandFailure(.party, "no passcode given for the private lobby \(lobbyID)")
        }
        return typed
    }

    /// Says who went away (their seat now played by the host) and who came back, as it happens.
    static func reportAbsences(_ host: SessionHost<CrazyEights>) async {
        var away: Set<UUID> = []
        while (try? await Task.sleep(for: .milliseconds(200))) != nil {
            let lobby = await host.lobby
            let now = lobby.awayPlayerIDs ?? []
            // Seats keep the names of players who left the lobby.
            let names = Dictionary(await host.core.seats.map { ($0.id, $0.username) }, uniquingKeysWith: { first, _ in first })
            for id in now.subtracting(away) { say("\(names[id] ?? "A player") is away: the host plays their seat.") }
            for id in away.subtracting(now) { say("\(names[id] ?? "A player") is back.") }
            away = now
        }
    }

    /// A bot player of the host's lobby: it joins over the network like anyone, readies and plays.
    static func bot(_ number: Int, joining hosting: PartyHosting<CrazyEights>, passcode: String?, version: SemanticVersion, logger: Logger) async {
        let configuration = ClientConfiguration(
            profile: PlayerProfile(username: "Bot \(number)"), appVersion: version, passcode: passcode, timeouts: SessionTimeouts(),
            games: GameRegistry([CrazyEights.self]).engineVersions)
        let bot = PartyJoining<CrazyEights>(
            configuration: configuration, address: "127.0.0.1", port: hosting.transport.port, lobbyID: hosting.transport.lobbyID,
            logger: logger)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await bot.run() }
            group.addTask {
                while await bot.client.phase != .joined { guard (try? await Task.sleep(for: .milliseconds(50))) != nil else { return } }
                await bot.client.setReady(true)
                await EndpointAutoplay.run(bot.client, choose: botMove)
            }
            await group.waitForAll()
        }
    }
}
