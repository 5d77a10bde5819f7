import GameCore

/// What the player does from their screen, and the client's clockwork.
extension ClientSessionCore {
    /// The mandatory ready toggle; resent until the host's lobby shows it.
    public mutating func setReady(_ ready: Bool, now: SessionInstant) -> [Outgoing] {
        wantsReady = ready
        guard phase == .joined else { return [] }
        lastReadyRequest = now
        return [Outgoing(to: host, .setReady(ready))]
    }

    /// Sends a move. The view shows its predicted effect at once when the game can predict it.
    public mutating func perform(_ action: Module.Action, now: SessionInstant) throws(GameError) -> [Outgoing] {
        guard phase == .joined, var game else { throw .invalidAction("The game has not started") }
        let payload = try game.propose(action, now: now)
        self.game = game
        lastError = nil
        return [Outgoing(to: host, .gameAction(gameType: Module.gameType, payload: try MessageCodec.payload(payload)))]
    }

    /// Leaves on purpose.
    public mutating func leave() -> [Outgoing] {
        guard !phase.isOver else { return [] }
        phase = .ended(reason: ClientPhase.youLeft)
        return [Outgoing(to: host, .leave)]
    }

    /// Heartbeats, resends, and the host grace period.
    public mutating func tick(now: SessionInstant) -> [Outgoing] {
        guard !phase.isOver else { return [] }
        let timeouts = configuration.timeouts
        if now - hostLastHeard > timeouts.hostGrace {
            phase = .ended(reason: "The host left")
            return []
        }
        var out: [Outgoing] = []
        if phase == .joining, lastJoinRequest.map({ now - $0 >= timeouts.resendInterval }) ?? true {
            out += joinRequest(now: now)
        }
        guard phase == .joined else { return out }
        if lastHeartbeat.map({ now - $0 >= timeouts.heartbeatInterval }) ?? true {
            lastHeartbeat = now
            out.append(Outgoing(to: host, .heartbeat(lastSeen: game?.stamp, lobbyRevision: lobby?.revision)))
        }
        if let lobby, lobby.phase ?? .gathering == .gathering,
            lobby.readyPlayerIDs.contains(profileID) != wantsReady,
            lastReadyRequest.map({ now - $0 >= timeouts.resendInterval }) ?? true
        {
            lastReadyRequest = now
            out.append(Outgoing(to: host, .setReady(wantsReady)))
        }
        if var game, let again = game.resend(now: now, after: timeouts.resendInterval) {
            self.game = game
            if let payload = try? MessageCodec.payload(again) {
                out.append(Outgoing(to: host, .gameAction(gameType: Module.gameType, payload: payload)))
            }
        }
        return out
    }
}
