import GameSession
import PlayerProfiles

import struct Foundation.UUID

/// How the lobby ended for this player.
public enum LobbyExit: Sendable, Equatable {
    /// The game began: the table takes over.
    case started
    /// The player left (or, host, closed the lobby).
    case left
    /// Refused, removed, or the session ended; the phase says which.
    case ended(ClientPhase)
}

/// Why the host's start waits, from the lobby now.
public enum LobbyStartHint: Sendable, Equatable {
    case needMorePlayers
    case notReady([String])
    case everyoneReady
}

/// One player's line in the lobby's list.
public struct LobbyPlayerRow: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var isHost: Bool
    public var isReady: Bool
    /// This device's player (a joiner sees themselves marked).
    public var isYou: Bool
    /// The host's removal would apply to this player.
    public var isSelected: Bool
}

extension LobbyModel {
    /// Every player, host first, as the list shows them.
    public var players: [LobbyPlayerRow] {
        guard let lobby else { return [] }
        return lobby.playerProfiles.enumerated().map { index, profile in
            var me: UUID?
            if case .joiner(let id) = role { me = id }
            return LobbyPlayerRow(
                id: profile.id, name: profile.username, isHost: index == 0, isReady: lobby.readyPlayerIDs.contains(profile.id),
                isYou: profile.id == me || (isHost && index == 0), isSelected: isHost && index > 0 && index - 1 == selectedIndex)
        }
    }

    /// The lobby's line under its title: who hosts, whether a passcode is needed, the app version.
    public var summary: String? {
        lobby.map { "Hosted by \($0.hostProfile.username) · \($0.isPrivate ? "private (passcode)" : "public") · app \($0.appVersion ?? "?")" }
    }

    /// Why the start waits; nil unless the host asked to start.
    public var startHint: LobbyStartHint? {
        guard startRequested, isHost, let lobby else { return nil }
        guard lobby.playerProfiles.count >= 2 else { return .needMorePlayers }
        let waiting = Self.notReady(lobby)
        return waiting.isEmpty ? .everyoneReady : .notReady(waiting)
    }

    /// Whether a start would go ahead now.
    public var canStart: Bool {
        guard isHost, let lobby, lobby.playerProfiles.count >= 2 else { return false }
        return Self.notReady(lobby).isEmpty
    }

    /// The session's state in words, when it is not simply "in the lobby".
    public var statusText: String? {
        guard let phase else { return lobby == nil ? "Connecting…" : nil }
        if lobby == nil || (phase != .joined && phase != .joining) { return Self.describe(phase) }
        return nil
    }

    /// The question before leaving.
    public var leaveQuestion: String { isHost ? "End the lobby for everyone?" : "Leave the lobby?" }

    nonisolated public static func describe(_ phase: ClientPhase) -> String {
        switch phase {
        case .connecting: "Connecting to the host…"
        case .joining: "Joining…"
        case .joined: "In the lobby."
        case .rejected(let reason): "Refused: \(reason)"
        case .kicked(let reason): "Removed by the host" + (reason.map { ": \($0)" } ?? ".")
        case .ended(let reason): "The session ended: \(reason)"
        }
    }
}
