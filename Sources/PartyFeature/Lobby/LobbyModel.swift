import GameSession
import Observation
import PlayerProfiles

import struct Foundation.Data
import struct Foundation.UUID

/// A party lobby before its game, for either side: who is in and who is ready, the host's
/// settings (read-only to joiners), the host choosing a joiner to remove or ban and starting
/// once everyone is ready, a joiner readying, and leaving after a confirmation. The session
/// underneath is a ``LobbyConnection``; ``refresh()`` reads it (the session's change stream has
/// one reader, the table's, so the lobby is read when asked).
@MainActor @Observable
public final class LobbyModel {
    public let role: LobbyRole
    public let gameName: String
    /// Where joiners find this lobby (host only): its id, port, whether a passcode is needed.
    public let banner: String?
    public private(set) var lobby: LobbyInfo?
    public private(set) var phase: ClientPhase?
    /// The joiner the host's removal would apply to, by its place among the joiners.
    public private(set) var selectedIndex = 0
    /// The last refusal or hint, until the next intent.
    public private(set) var message: String?
    public private(set) var confirmingLeave = false
    /// The host asked to start before everyone was ready: ``startHint`` says who is still not
    /// ready from the lobby as it is now, so a player who readies meanwhile leaves the list.
    public private(set) var startRequested = false
    /// How the lobby ended for this player; nil while it goes on.
    public private(set) var exit: LobbyExit?

    @ObservationIgnored private let connection: LobbyConnection
    @ObservationIgnored private let settingsText: @Sendable (Data?) -> [String]

    public init(
        role: LobbyRole, gameName: String, banner: String? = nil, connection: LobbyConnection,
        settingsText: @escaping @Sendable (Data?) -> [String]
    ) {
        self.role = role
        self.gameName = gameName
        self.banner = banner
        self.connection = connection
        self.settingsText = settingsText
    }

    // MARK: Intents

    /// Reads the lobby and the session's phase; notices the game starting or the session ending.
    public func refresh() async {
        let reading = await connection.read()
        lobby = reading.lobby
        phase = reading.phase
        selectedIndex = min(selectedIndex, max(joiners.count - 1, 0))
        guard exit == nil else { return }
        if reading.lobby?.phase == .playing {
            exit = .started
        } else if let phase = reading.phase, phase.isOver {
            exit = .ended(phase)
        }
    }

    public func selectPrevious() {
        beginIntent()
        guard isHost else { return }
        selectedIndex = max(selectedIndex - 1, 0)
    }

    public func selectNext() {
        beginIntent()
        guard isHost else { return }
        selectedIndex = min(selectedIndex + 1, max(joiners.count - 1, 0))
    }

    /// Chooses a joiner by id (a tap in a list).
    public func select(_ player: UUID) {
        beginIntent()
        guard isHost, let index = joiners.firstIndex(where: { $0.id == player }) else { return }
        selectedIndex = index
    }

    /// Removes the chosen joiner; they may join again.
    public func removeSelected() async {
        await removeSelected(ban: false)
    }

    /// Removes the chosen joiner and refuses them if they try again.
    public func banSelected() async {
        await removeSelected(ban: true)
    }

    /// Starts the game once there are two players and every joiner is ready; otherwise says why.
    public func start() async {
        beginIntent()
        guard isHost else { return }
        guard let lobby, lobby.playerProfiles.count >= 2 else {
            message = Self.needMorePlayers
            return
        }
        guard Self.notReady(lobby).isEmpty else {
            startRequested = true
            return
        }
        await perform(.start)
    }

    /// A joiner's ready, turned the other way.
    public func toggleReady() async {
        beginIntent()
        guard case .joiner = role else { return }
        await perform(.setReady(!isReady))
    }

    /// Leaving asks first (for the host it ends the lobby for everyone).
    public func requestLeave() {
        beginIntent()
        confirmingLeave = true
    }

    public func cancelLeave() {
        beginIntent()
    }

    public func confirmLeave() async {
        guard confirmingLeave else { return }
        beginIntent()
        await leave()
    }

    /// Nobody is at the screen any more (its input ended): the player leaves.
    public func inputEnded() async {
        beginIntent()
        await leave()
    }

    /// Clears the last message (any key on a terminal does).
    public func dismissMessage() {
        beginIntent()
    }

    // MARK: Effects

    private func removeSelected(ban: Bool) async {
        beginIntent()
        guard isHost else { return }
        guard let chosen = selectedJoiner else {
            message = "No one to remove yet."
            return
        }
        await perform(ban ? .ban(chosen.id) : .kick(chosen.id))
    }

    private func leave() async {
        _ = await connection.perform(.leave)
        exit = .left
    }

    private func perform(_ command: LobbyCommand) async {
        if let refusal = await connection.perform(command) { message = refusal }
        await refresh()
    }

    /// Every intent starts from a clean slate: the last message, hint and question are answered.
    private func beginIntent() {
        message = nil
        startRequested = false
        confirmingLeave = false
    }

    static let needMorePlayers = "Wait for at least one more player."

    static func notReady(_ lobby: LobbyInfo) -> [String] {
        lobby.playerProfiles.dropFirst().filter { !lobby.readyPlayerIDs.contains($0.id) }.map(\.username)
    }

    // MARK: Derived state

    public var isHost: Bool { role == .host }
    /// Joiners see the host's settings and cannot change them.
    public var settingsAreReadOnly: Bool { !isHost }
    public var settingsLines: [String] { settingsText(lobby?.activeSettings) }
    public var joiners: [PlayerProfile] { lobby.map { Array($0.playerProfiles.dropFirst()) } ?? [] }
    public var selectedJoiner: PlayerProfile? { joiners.indices.contains(selectedIndex) ? joiners[selectedIndex] : nil }
    /// This joiner is marked ready.
    public var isReady: Bool {
        guard case .joiner(let me) = role else { return false }
        return lobby?.readyPlayerIDs.contains(me) ?? false
    }
}
