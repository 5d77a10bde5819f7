import CrazyEights
import Dependencies
import GameCore
import GameSession
import Observation
import PartyNetwork
import PlayerProfiles

/// Joining a party on the local network: the lobby found by discovery (by its id or host's name,
/// the first open one, or the person's choice from a list), its passcode when it is private, the
/// lobby screen's model, the match (played on ``endpoint``), and the result counted in the
/// player's profile. The network comes through ``PartyNetworkClient``.
@MainActor @Observable
public final class PartyJoinModel {
    public enum Phase: Sendable, Equatable {
        case idle
        /// Listening for lobbies (the one named, when a name was given).
        case searching(filter: String?)
        /// Several lobbies heard: the person chooses one.
        case choosing([DiscoveredLobby])
        /// The lobby is private and no passcode was given: the person is asked.
        case needsPasscode(PartyJoinTarget)
        /// Ready to join this lobby.
        case found(PartyJoinTarget)
        /// Connected (or connecting); ``lobby`` shows the lobby.
        case inLobby
        case playing
        /// Over: ``resultText`` says how.
        case finished
        case failed(PartyFailure)
    }

    public let profiles: PartyProfileStore
    public let appVersion: SemanticVersion
    public internal(set) var phase: Phase = .idle
    /// The passcode the lobby is joined with.
    public private(set) var passcode: String?
    public private(set) var target: PartyJoinTarget?
    public private(set) var lobby: LobbyModel?
    /// The player chose to leave (from the lobby or the table).
    public private(set) var left = false
    public private(set) var resultText: String?

    @ObservationIgnored @Dependency(\.partyNetwork) var network
    @ObservationIgnored @Dependency(\.continuousClock) var clock
    @ObservationIgnored var link: PartyJoinLink?
    @ObservationIgnored var running: Task<Void, Never>?

    public init(profiles: PartyProfileStore, appVersion: SemanticVersion, passcode: String? = nil) {
        self.profiles = profiles
        self.appVersion = appVersion
        self.passcode = passcode
    }

    /// A model whose network is `network` (a caller that does not set dependencies itself).
    public static func using(
        _ network: PartyNetworkClient, profiles: PartyProfileStore, appVersion: SemanticVersion, passcode: String? = nil
    ) -> PartyJoinModel {
        withDependencies { $0.partyNetwork = network } operation: {
            PartyJoinModel(profiles: profiles, appVersion: appVersion, passcode: passcode)
        }
    }

    // MARK: Derived state

    /// The session the table plays on, once joining began.
    public var endpoint: (any GameSessionEndpoint<CrazyEights>)? { link?.client }
    public var failure: PartyFailure? {
        if case .failed(let failure) = phase { return failure }
        return nil
    }
    /// The choices while choosing, each on one line.
    public var choiceLines: [String] {
        guard case .choosing(let lobbies) = phase else { return [] }
        return lobbies.map(PartyMatchText.describe)
    }

    // MARK: Finding the lobby

    /// Connects to `address` ("HOST:PORT") directly, without discovery.
    public func connect(address: String, lobbyID: String?) {
        let parts = address.split(separator: ":")
        guard parts.count == 2, let number = Int(parts[1]), (1...65_535).contains(number) else {
            phase = .failed(.badAddress(address))
            return
        }
        let host = String(parts[0])
        settle(PartyJoinTarget(address: host, port: number, lobbyID: lobbyID ?? "", hostName: host, isPrivate: false))
    }

    /// The lobby the person picked from the list.
    public func choose(_ lobby: DiscoveredLobby?) {
        guard case .choosing = phase else { return }
        guard let lobby else {
            phase = .failed(.noLobbyChosen)
            return
        }
        settle(PartyJoinTarget(lobby))
    }

    /// The passcode the person typed; nil when they gave up.
    public func providePasscode(_ typed: String?) {
        guard case .needsPasscode(let wanted) = phase else { return }
        guard let typed, !typed.isEmpty else {
            phase = .failed(.noPasscodeGiven(lobbyID: wanted.lobbyID))
            return
        }
        passcode = typed
        phase = .found(wanted)
    }

    /// A private lobby cannot be joined without its passcode, and nobody is there to ask.
    public func cannotAskForPasscode() {
        guard case .needsPasscode(let wanted) = phase else { return }
        phase = .failed(.passcodeNeeded(lobbyID: wanted.lobbyID, hostName: wanted.hostName))
    }

    func settle(_ chosen: PartyJoinTarget) {
        target = chosen
        phase = chosen.isPrivate && passcode == nil ? .needsPasscode(chosen) : .found(chosen)
    }

    func setPhase(_ new: Phase) { phase = new }
    func setLeft() { left = true }
    func setResult(_ text: String) {
        resultText = text
        phase = .finished
    }
    func setLobby(_ model: LobbyModel) { lobby = model }
}
