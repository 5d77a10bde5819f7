import CrazyEights
import Dependencies
import GameCore
import GameSession
import Observation
import PartyNetwork
import PlayerProfiles

/// Hosting a party on the local network: the lobby opened on a port and announced nearby, bots
/// that join it over the network like anyone, the lobby screen's model, the match (played on
/// ``endpoint``), who went away and came back meanwhile, and the result counted in the host's
/// profile. The network comes through ``PartyNetworkClient``.
@MainActor @Observable
public final class PartyHostModel {
    public enum Phase: Sendable, Equatable {
        case idle
        case opening
        /// The lobby is open; ``lobby`` runs it.
        case gathering
        case playing
        /// The match is over (or was left); ``resultText`` says how.
        case finished
        /// The host closed the lobby before the game.
        case closed
        case failed(PartyFailure)
    }

    public struct Options: Sendable {
        public var settings: CrazyEightsSettings
        /// Joiners need it; nil for a public lobby.
        public var passcode: String?
        /// Bots that join at once.
        public var bots: Int
        /// The TCP port (0: any free one).
        public var port: Int
        public var timeouts: SessionTimeouts
        public var appVersion: SemanticVersion

        public init(
            settings: CrazyEightsSettings, passcode: String? = nil, bots: Int = 0, port: Int = 0, timeouts: SessionTimeouts = SessionTimeouts(),
            appVersion: SemanticVersion
        ) {
            self.settings = settings
            self.passcode = passcode
            self.bots = bots
            self.port = port
            self.timeouts = timeouts
            self.appVersion = appVersion
        }
    }

    public let options: Options
    public let profiles: PartyProfileStore
    public internal(set) var phase: Phase = .idle
    public private(set) var lobbyID: String?
    public private(set) var port: Int?
    /// The lobby screen's model, once the lobby is open.
    public private(set) var lobby: LobbyModel?
    /// Players away now (their seats played by the host), by name.
    public private(set) var awayNames: [String] = []
    public private(set) var resultText: String?
    /// Moves the host made for players who were away.
    public private(set) var autopilotMoves = 0

    @ObservationIgnored @Dependency(\.partyNetwork) var network
    @ObservationIgnored @Dependency(\.continuousClock) var clock
    @ObservationIgnored var link: PartyHostLink?
    @ObservationIgnored var serving: [Task<Void, Never>] = []

    public init(options: Options, profiles: PartyProfileStore) {
        self.options = options
        self.profiles = profiles
    }

    /// A model whose network is `network` (a caller that does not set dependencies itself).
    public static func using(_ network: PartyNetworkClient, options: Options, profiles: PartyProfileStore) -> PartyHostModel {
        withDependencies { $0.partyNetwork = network } operation: { PartyHostModel(options: options, profiles: profiles) }
    }

    // MARK: Derived state

    public var isPrivate: Bool { options.passcode != nil }
    /// The session the table plays on, once the lobby is open.
    public var endpoint: (any GameSessionEndpoint<CrazyEights>)? { link?.host }
    /// Where joiners find the lobby, in one line.
    public var banner: String? {
        guard let lobbyID, let port else { return nil }
        return "Lobby \(lobbyID) · port \(port)" + (isPrivate ? " · passcode needed" : "")
    }
    public var failure: PartyFailure? {
        if case .failed(let failure) = phase { return failure }
        return nil
    }

    // MARK: Intents

    /// Opens the lobby, announces it, and lets the bots in.
    public func open() async {
        guard phase == .idle else { return }
        phase = .opening
        let id = String((0..<8).map { _ in "abcdefghjkmnpqrstuvwxyz23456789".randomElement() ?? "a" })
        let configuration = HostConfiguration(
            lobbyID: id, appVersion: options.appVersion, passcode: options.passcode, timeouts: options.timeouts,
            firstSeed: GameSeed(UInt64.random(in: 0...UInt64(UInt32.max))))
        let opened: PartyHostLink
        do {
            opened = try await network.host(profiles.profile, options.settings, configuration, options.port)
        } catch {
            phase = .failed(error as? PartyFailure ?? .cannotOpen(port: options.port, reason: "\(error)"))
            return
        }
        link = opened
        lobbyID = id
        port = opened.port
        serving.append(Task { await opened.run() })
        for number in 0..<options.bots { serving.append(Task { await self.runBot(number + 1) }) }
        lobby = LobbyModel(
            role: .host, gameName: "Crazy Eights", banner: banner, connection: .host(opened.host), settingsText: CrazyEightsSettingsText.lines)
        phase = .gathering
    }

    /// The lobby screen ended: the game began, or the host closed the lobby.
    public func lobbyEnded(_ exit: LobbyExit) async {
        guard phase == .gathering else { return }
        if exit == .started {
            phase = .playing
        } else {
            await link?.host.end(reason: "The host closed the lobby")
            phase = .closed
        }
    }

    /// Seat names for the table, from the lobby's seat order.
    public func seatNames() async -> [Int: String] {
        guard let host = link?.host else { return [:] }
        return PartyMatchText.seatNames(await host.snapshot())
    }

    func awayNamesChanged(_ names: [String]) {
        if names != awayNames { awayNames = names }
    }

    func finished(result: String, autopilot: Int) {
        resultText = result
        autopilotMoves = autopilot
        phase = .finished
    }

    /// A bot player: it joins over the network like anyone, readies and plays.
    private func runBot(_ number: Int) async {
        guard let port else { return }
        let configuration = ClientConfiguration(
            profile: PlayerProfile(username: "Bot \(number)"), appVersion: options.appVersion, passcode: options.passcode,
            timeouts: SessionTimeouts(), games: GameRegistry([CrazyEights.self]).engineVersions)
        let target = PartyJoinTarget(address: "127.0.0.1", port: port, lobbyID: lobbyID ?? "", hostName: profiles.profile.username, isPrivate: isPrivate)
        guard let bot = try? network.join(configuration, target) else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await bot.run() }
            group.addTask {
                while await bot.client.phase != .joined { guard (try? await Task.sleep(for: .milliseconds(50))) != nil else { return } }
                await bot.client.setReady(true)
                await EndpointAutoplay.run(bot.client, choose: PartyMatchText.botMove)
            }
            await group.waitForAll()
        }
    }
}
