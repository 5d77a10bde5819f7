import GameCore

extension ClientSessionCore {
    /// Applies one message from the host. Anything from another peer is ignored.
    public mutating func receive(_ message: NetworkMessage, from peer: PeerID, now: SessionInstant) -> [Outgoing] {
        guard peer == host, !phase.isOver else { return [] }
        hostLastHeard = now
        switch message {
        case .lobbyUpdate(let info):
            return lobbyUpdated(info, now: now)
        case .joinAccepted(let info):
            guard phase != .connecting else { return [] }
            guard isSupported(info) else { return refuse(info) }
            phase = .joined
            lobby = newer(info)
            return []
        case .joinRejected(let reason):
            if phase == .joining { phase = .rejected(reason: reason) }
            return []
        case .kickPlayer(let playerId, let reason):
            if playerId == profileID { phase = .kicked(reason: reason) }
            return []
        case .gameState(let gameType, let payload):
            guard gameType == Module.gameType, phase == .joined || phase == .joining else { return [] }
            guard let state = try? MessageCodec.payload(StatePayload<Module.View>.self, from: payload, what: "game state")
            else { return [] }
            phase = .joined
            accept(state)
            return []
        case .actionRejected(let gameType, let payload):
            guard gameType == Module.gameType, var game,
                let rejection = try? MessageCodec.payload(ActionRejection.self, from: payload, what: "rejection")
            else { return [] }
            if let error = game.reject(rejection) { lastError = error }
            self.game = game
            return []
        case .sessionEnded(let reason):
            phase = .ended(reason: reason)
            return []
        case .heartbeat, .joinRequest, .setReady, .gameAction, .leave:
            return []
        }
    }

    private mutating func lobbyUpdated(_ info: LobbyInfo, now: SessionInstant) -> [Outgoing] {
        // Never join, or stay in, a game this build would not play the same way.
        guard isSupported(info) else { return refuse(info) }
        lobby = newer(info)
        guard phase == .connecting else { return [] }
        phase = .joining
        return joinRequest(now: now)
    }

    private mutating func refuse(_ info: LobbyInfo) -> [Outgoing] {
        let wasMember = phase == .joined
        lobby = info
        phase = .rejected(reason: JoinRejection.unsupportedGameVersion)
        return wasMember ? [Outgoing(to: host, .leave)] : []
    }

    /// Reordered frames must not roll the lobby back.
    private func newer(_ info: LobbyInfo) -> LobbyInfo {
        guard let lobby, let current = lobby.revision, let incoming = info.revision, incoming < current else { return info }
        return lobby
    }

    private mutating func accept(_ state: StatePayload<Module.View>) {
        guard var game else {
            game = ClientGame(state)
            noteOutcome(state)
            return
        }
        if game.accept(state) { noteOutcome(state) }
        self.game = game
    }

    private mutating func noteOutcome(_ state: StatePayload<Module.View>) {
        guard let outcome = Module.outcome(in: state.view),
            !finishedMatches.contains(where: { $0.matchId == state.matchId })
        else { return }
        finishedMatches.append(FinishedMatch(matchId: state.matchId, gameType: Module.gameType, seat: state.seat, outcome: outcome))
    }
}
