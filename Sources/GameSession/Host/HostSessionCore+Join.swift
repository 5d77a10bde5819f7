import GameCore
import PlayerProfiles

extension HostSessionCore {
    /// Admits a player, or says why not. The checks run in the order a person would want to hear
    /// about them: banned, incompatible build, wrong passcode, then room in the lobby.
    mutating func join(
        _ profile: PlayerProfile, appVersion: String, passcodeHash: String?, games: [GameType: Int]?,
        from peer: PeerID, now: SessionInstant
    ) -> [Outgoing] {
        func reject(_ reason: String) -> [Outgoing] { [Outgoing(to: peer, .joinRejected(reason: reason))] }
        if banned.contains(profile.id) { return reject(JoinRejection.banned) }
        guard let version = SemanticVersion(appVersion), version.isCompatible(with: configuration.appVersion) else {
            return reject(JoinRejection.unsupportedGameVersion)
        }
        // A client that lists its games must have this one, on this engine version.
        if let games, games[Module.gameType] != Module.engineVersion { return reject(JoinRejection.unsupportedGameVersion) }
        if let passcode = configuration.passcode {
            let expected = PasscodeHash.make(passcode: passcode, lobbyID: configuration.lobbyID)
            guard PasscodeHash.matches(passcodeHash, expected: expected) else { return reject(JoinRejection.wrongPasscode) }
        }
        if profile.id == hostProfile.id { return reject(JoinRejection.duplicateProfile) }

        if let index = members.firstIndex(where: { $0.profile.id == profile.id }) {
            // The same player again (a repeated request, or a new connection): the newest wins.
            let changed = members[index].profile != profile
            members[index].peer = peer
            members[index].profile = profile
            members[index].lastHeard = now
            return accepted(peer, lobbyChanged: changed)
        }
        if memberIndex(of: peer) != nil { return reject(JoinRejection.duplicateProfile) }
        if phase != .gathering {
            guard seats.contains(where: { $0.id == profile.id }) else { return reject(JoinRejection.alreadyStarted) }
            guard Module.policy.allowsRejoin else { return reject(JoinRejection.rejoinNotAllowed) }
        } else {
            guard members.count + 1 < Module.policy.maxPlayers else { return reject(JoinRejection.full) }
        }
        members.append(LobbyMember(profile: profile, peer: peer, lastHeard: now, ready: phase != .gathering))
        return accepted(peer, lobbyChanged: true)
    }

    private mutating func accepted(_ peer: PeerID, lobbyChanged changed: Bool) -> [Outgoing] {
        var out = changed ? lobbyChanged().filter { $0.to != peer } : []
        out.insert(Outgoing(to: peer, .joinAccepted(lobby)), at: 0)
        if let state = stateMessage(for: peer) { out.append(state) }
        return out
    }

    /// A client's action: decoded, checked by the shared reducer, applied at most once.
    mutating func submit(_ payload: Data, gameType: GameType, from peer: PeerID) -> [Outgoing] {
        guard gameType == Module.gameType, var game, let seat = seat(of: peer) else { return [] }
        let submitted: ActionPayload<Module.Action>
        do {
            submitted = try MessageCodec.payload(ActionPayload<Module.Action>.self, from: payload, what: "game action")
        } catch {
            // Without a readable id there is nothing to answer; the client will resend.
            return []
        }
        guard submitted.match == game.match else { return stateMessage(for: peer).map { [$0] } ?? [] }
        let result = game.submit(submitted.action, by: seat, moveID: submitted.moveID)
        self.game = game
        switch result {
        case .applied:
            return gameChanged()
        case .rejected(let error), .repeated(.some(let error)):
            let rejection = ActionRejection(match: game.match, moveID: submitted.moveID, error: error)
            guard let data = try? MessageCodec.payload(rejection) else { return [] }
            return [Outgoing(to: peer, .actionRejected(gameType: Module.gameType, payload: data))]
        case .repeated(.none), .stale:
            return stateMessage(for: peer).map { [$0] } ?? []
        }
    }
}

import struct Foundation.Data
