import GameCore
import PlayerProfiles

import struct Foundation.UUID

/// What the host does from its own screen.
extension HostSessionCore {
    /// Changes the settings before the game; everyone must confirm ready again.
    public mutating func updateSettings(_ newSettings: Module.Settings) throws(SessionError) -> [Outgoing] {
        guard phase == .gathering else { throw SessionError("Settings are locked once the game has started") }
        do {
            try Module.checkVersion(of: newSettings)
        } catch {
            throw SessionError(error.message)
        }
        settings = newSettings
        for index in members.indices { members[index].ready = false }
        return lobbyChanged()
    }

    /// Removes a player; with `ban`, they cannot join again. Everyone is told, so the kicked
    /// client can leave and the others can update their lists.
    public mutating func kick(_ playerID: UUID, reason: String? = nil, ban: Bool = false) throws(SessionError) -> [Outgoing] {
        if ban { banned.insert(playerID) }
        guard let index = members.firstIndex(where: { $0.profile.id == playerID }) else {
            if ban { return [] }
            throw SessionError("That player is not in the lobby")
        }
        let notice = members.map { Outgoing(to: $0.peer, .kickPlayer(playerId: playerID, reason: reason)) }
        members.remove(at: index)
        return notice + lobbyChanged()
    }

    /// Starts the game once every player has confirmed ready and the count suits the game.
    public mutating func start() throws(SessionError) -> [Outgoing] {
        guard phase == .gathering else { throw SessionError("The game has already started") }
        let waiting = members.filter { !$0.ready }.map(\.profile.username)
        guard waiting.isEmpty else { throw SessionError("Waiting for \(waiting.joined(separator: ", ")) to be ready") }
        do {
            return try startGame(match: 1, players: [hostProfile] + members.map(\.profile))
        } catch {
            throw SessionError(error.message)
        }
    }

    /// A new game with the locked settings and the players still here.
    public mutating func playAgain() throws(SessionError) -> [Outgoing] {
        guard let game, game.outcome != nil else { throw SessionError("The current game has not ended") }
        do {
            return try startGame(match: game.match + 1, players: [hostProfile] + members.map(\.profile))
        } catch {
            throw SessionError(error.message)
        }
    }

    /// The host's own move, as seat 0.
    public mutating func perform(_ action: Module.Action) throws(GameError) -> [Outgoing] {
        guard var game else { throw .invalidAction("The game has not started") }
        let result = game.submit(action, by: 0, moveID: nil)
        self.game = game
        if case .rejected(let error) = result { throw error }
        return gameChanged()
    }

    /// Closes the session for everyone; from then on it neither advertises nor admits anyone.
    public mutating func end(reason: String) -> [Outgoing] {
        guard closedReason == nil else { return [] }
        let out = members.map { Outgoing(to: $0.peer, .sessionEnded(reason: reason)) }
        members.removeAll()
        phase = .finished
        closedReason = reason
        return out
    }

    /// Heartbeats, removal of silent clients, and the autopilot for absent players' seats.
    public mutating func tick(now: SessionInstant) -> [Outgoing] {
        guard closedReason == nil else { return [] }
        var out: [Outgoing] = []
        let interval = configuration.timeouts.heartbeatInterval
        if lastHeartbeat.map({ now - $0 >= interval }) ?? true {
            lastHeartbeat = now
            out += members.map { Outgoing(to: $0.peer, .heartbeat(lastSeen: nil, lobbyRevision: nil)) }
            let memberPeers = Set(members.map(\.peer))
            let info = lobby
            out += connectedPeers.subtracting(memberPeers).sorted { $0.rawValue < $1.rawValue }
                .map { Outgoing(to: $0, .lobbyUpdate(info)) }
        }
        let silence = configuration.timeouts.clientSilence
        let before = members.count
        members.removeAll { now - $0.lastHeard > silence }
        if members.count != before { out += lobbyChanged() }
        if lastAutopilot.map({ now - $0 >= interval }) ?? true, let move = autopilotMove() {
            lastAutopilot = now
            out += move
        }
        return out
    }

    /// One move for the first absent player whose turn it is.
    private mutating func autopilotMove() -> [Outgoing]? {
        guard var game, game.outcome == nil else { return nil }
        for seat in seats.indices.dropFirst() where !isPresent(seats[seat].id) {
            guard let action = game.autopilotAction(for: seat) else { continue }
            guard case .applied = game.submit(action, by: seat, moveID: nil) else { continue }
            self.game = game
            autopilotMoves += 1
            return gameChanged()
        }
        return nil
    }
}
