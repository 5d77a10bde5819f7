import GameCore
import PlayerProfiles

import struct Foundation.UUID

/// The host's lobby and authoritative game as a value: messages, commands and ticks go in, the
/// frames to send come out. `SessionHost` runs it over a transport; tests drive it directly.
///
/// Rules kept here (seed §4.2, §6, §9): version and passcode checks on join, ban and kick, a
/// mandatory ready toggle, settings locked at start and reused by "Play Again", clients removed
/// after `clientSilence`, seats of absent players played by the host's autopilot, and each
/// client sent only its own view.
public struct HostSessionCore<Module: GameModule>: Sendable {
    public let configuration: HostConfiguration
    public let hostProfile: PlayerProfile
    public internal(set) var settings: Module.Settings
    public internal(set) var phase: LobbyPhase = .gathering
    var members: [LobbyMember] = []
    var banned: Set<UUID> = []
    /// Connected peers, members or not: non-members keep getting the lobby, as an advertisement.
    var connectedPeers: Set<PeerID> = []
    var game: HostGame<Module>?
    /// The profile at each seat of the current game; the host is seat 0.
    public private(set) var seats: [PlayerProfile] = []
    /// Moves the host made for absent players' seats.
    public internal(set) var autopilotMoves = 0
    /// Games the host played to the end, oldest first.
    public private(set) var finishedMatches: [FinishedMatch] = []
    private var revision = 0
    var lastHeartbeat: SessionInstant?
    var lastAutopilot: SessionInstant?
    /// Set once the host has ended the session.
    public internal(set) var closedReason: String?

    public init(hostProfile: PlayerProfile, settings: Module.Settings, configuration: HostConfiguration) throws(GameError) {
        try Module.checkVersion(of: settings)
        self.hostProfile = hostProfile.publicCopy
        self.settings = settings
        self.configuration = configuration
    }

    // MARK: What the host UI shows

    public var lobby: LobbyInfo {
        var info = LobbyInfo(
            id: configuration.lobbyID, gameType: Module.gameType, hostProfile: hostProfile,
            playerProfiles: [hostProfile] + members.map(\.profile),
            readyPlayerIDs: Set(members.filter(\.ready).map(\.profile.id)),
            isPrivate: configuration.passcode != nil,
            activeSettings: try? MessageCodec.payload(settings))
        info.phase = phase
        info.engineVersion = Module.engineVersion
        info.appVersion = configuration.appVersion.description
        info.revision = revision
        if let game {
            info.seats = seats.map(\.id)
            info.awayPlayerIDs = Set(seats.map(\.id).filter { !isPresent($0) })
            info.match = game.match
            info.matchId = game.matchId
        }
        return info
    }

    public var state: Module.State? { game?.state }
    public var record: GameRecord<Module>? { game?.record }
    public var outcome: GameOutcome? { game?.outcome }
    /// The host's own view as seat 0.
    public var hostView: Module.View? { game?.payload(for: 0).view }
    public var stamp: StateStamp? { game?.stamp }

    // MARK: Transport events

    /// A new connection is told about the lobby, which is how a client discovers it.
    public mutating func connected(_ peer: PeerID, now: SessionInstant) -> [Outgoing] {
        if let closedReason { return [Outgoing(to: peer, .sessionEnded(reason: closedReason))] }
        connectedPeers.insert(peer)
        return [Outgoing(to: peer, .lobbyUpdate(lobby))]
    }

    /// Before a game, a lost connection leaves the lobby. In a game the seat waits for a
    /// reconnect until the client has been silent for `clientSilence`.
    public mutating func disconnected(_ peer: PeerID, now: SessionInstant) -> [Outgoing] {
        connectedPeers.remove(peer)
        guard phase == .gathering, let index = memberIndex(of: peer) else { return [] }
        members.remove(at: index)
        return lobbyChanged()
    }

    public mutating func receive(_ message: NetworkMessage, from peer: PeerID, now: SessionInstant) -> [Outgoing] {
        if let closedReason {
            // Whoever still talks to a closed session is told it is over.
            return message.kind == "leave" ? [] : [Outgoing(to: peer, .sessionEnded(reason: closedReason))]
        }
        if let index = memberIndex(of: peer) { members[index].lastHeard = now }
        switch message {
        case .joinRequest(let profile, let appVersion, let passcodeHash, let games):
            return join(profile, appVersion: appVersion, passcodeHash: passcodeHash, games: games, from: peer, now: now)
        case .setReady(let ready):
            guard phase == .gathering, let index = memberIndex(of: peer), members[index].ready != ready else { return [] }
            members[index].ready = ready
            return lobbyChanged()
        case .leave:
            guard let index = memberIndex(of: peer) else { return [] }
            members.remove(at: index)
            return lobbyChanged()
        case .heartbeat(let lastSeen, let lobbyRevision):
            return catchUp(peer, lastSeen: lastSeen, lobbyRevision: lobbyRevision)
        case .gameAction(let gameType, let payload):
            return submit(payload, gameType: gameType, from: peer)
        case .lobbyUpdate, .joinAccepted, .joinRejected, .kickPlayer, .gameState, .actionRejected, .sessionEnded:
            return []  // host-to-client kinds; a client has no business sending them
        }
    }

    // MARK: Helpers shared by the extensions

    func memberIndex(of peer: PeerID) -> Int? {
        members.firstIndex { $0.peer == peer }
    }

    func isPresent(_ profileID: UUID) -> Bool {
        profileID == hostProfile.id || members.contains { $0.profile.id == profileID }
    }

    func seat(of peer: PeerID) -> Int? {
        guard let index = memberIndex(of: peer) else { return nil }
        return seats.firstIndex { $0.id == members[index].profile.id }
    }

    /// Every member gets the new lobby.
    mutating func lobbyChanged() -> [Outgoing] {
        revision += 1
        let info = lobby
        return members.map { Outgoing(to: $0.peer, .lobbyUpdate(info)) }
    }

    /// `peer`'s own view of the game.
    func stateMessage(for peer: PeerID) -> Outgoing? {
        guard let game else { return nil }
        guard let payload = try? MessageCodec.payload(game.payload(for: seat(of: peer))) else { return nil }
        return Outgoing(to: peer, .gameState(gameType: Module.gameType, payload: payload))
    }

    /// Every member's own view, after the state changed.
    func statesForEveryone() -> [Outgoing] {
        members.compactMap { stateMessage(for: $0.peer) }
    }

    mutating func startGame(match: Int, players: [PlayerProfile]) throws(GameError) -> [Outgoing] {
        try Module.checkPlayerCount(players.count)
        let gamePlayers = players.map { GamePlayer(id: $0.id.uuidString, name: $0.username) }
        let seed = GameSeed(configuration.firstSeed.value &+ UInt64(match - 1))
        game = try HostGame(match: match, matchId: UUID(), settings: settings, seats: gamePlayers, seed: seed)
        seats = players
        phase = .playing
        return lobbyChanged() + statesForEveryone()
    }

    /// After the state changed: everyone's view, and the lobby if the game just ended.
    mutating func gameChanged() -> [Outgoing] {
        var out = statesForEveryone()
        if phase == .playing, let game, let outcome = game.outcome {
            phase = .finished
            finishedMatches.append(FinishedMatch(matchId: game.matchId, gameType: Module.gameType, seat: 0, outcome: outcome))
            out += lobbyChanged()
        }
        return out
    }

    private mutating func catchUp(_ peer: PeerID, lastSeen: StateStamp?, lobbyRevision: Int?) -> [Outgoing] {
        guard memberIndex(of: peer) != nil else { return [] }
        var out: [Outgoing] = []
        if lobbyRevision != revision { out.append(Outgoing(to: peer, .lobbyUpdate(lobby))) }
        if let game, lastSeen != game.stamp, let message = stateMessage(for: peer) { out.append(message) }
        return out
    }
}
