import GameSession
import PlayerProfiles

import struct Foundation.Data
import struct Foundation.UUID

/// A local-network lobby in the terminal, before its game: who is in, who is ready, the host's
/// settings (read-only to joiners), and the keys for each side. The host moves a cursor over the
/// joiners to remove or ban one, and starts once everyone is ready; a joiner toggles ready.
public struct LobbyScreen: Sendable {
    public enum Role: Sendable, Equatable {
        case host
        case joiner(me: UUID)
    }

    /// What a key asks the lobby to do.
    public enum Command: Sendable, Equatable {
        case none
        case setReady(Bool)
        case start
        case kick(UUID)
        /// Removed and refused if they try to join again.
        case ban(UUID)
        case leave
    }

    public let role: Role
    public let gameName: String
    /// The lines that describe the lobby's settings (the game decodes `activeSettings`).
    public let settingsText: @Sendable (Data?) -> [String]
    /// Where joiners find this lobby (host only): address, port, discovery.
    public var banner: String?
    public var message: String?
    public private(set) var selected = 0
    public private(set) var confirmingLeave = false
    /// The host asked to start before everyone was ready: who is still not ready is shown from
    /// the lobby as it is now, so a player who readies meanwhile leaves the list at once.
    public private(set) var waitingToStart = false

    public init(role: Role, gameName: String, banner: String? = nil, settingsText: @escaping @Sendable (Data?) -> [String]) {
        self.role = role
        self.gameName = gameName
        self.banner = banner
        self.settingsText = settingsText
    }

    public mutating func handle(_ key: Key, lobby: LobbyInfo?) -> Command {
        message = nil
        waitingToStart = false
        if confirmingLeave {
            confirmingLeave = false
            return key == .character("y") ? .leave : .none
        }
        let joiners = lobby.map { Array($0.playerProfiles.dropFirst()) } ?? []
        switch (key, role) {
        case (.character("q"), _):
            confirmingLeave = true
        case (.up, .host):
            selected = max(selected - 1, 0)
        case (.down, .host):
            selected = min(selected + 1, max(joiners.count - 1, 0))
        case (.character("x"), .host), (.character("b"), .host):
            guard joiners.indices.contains(selected) else {
                message = "No one to remove yet."
                return .none
            }
            return key == .character("b") ? .ban(joiners[selected].id) : .kick(joiners[selected].id)
        case (.character("s"), .host), (.enter, .host):
            guard let lobby, lobby.playerProfiles.count >= 2 else {
                message = "Wait for at least one more player."
                return .none
            }
            guard Self.notReady(lobby).isEmpty else {
                waitingToStart = true
                return .none
            }
            return .start
        case (.character("r"), .joiner(let me)), (.enter, .joiner(let me)), (.character(" "), .joiner(let me)):
            return .setReady(!(lobby?.readyPlayerIDs.contains(me) ?? false))
        default:
            break
        }
        return .none
    }

    public func render(_ lobby: LobbyInfo?, phase: ClientPhase?, style: TerminalStyle) -> [String] {
        var lines = [style.bold("\(gameName) lobby")]
        if let banner { lines.append(banner) }
        guard let lobby else {
            lines.append(phase.map(Self.describe) ?? "Connecting…")
            return lines + footer(style)
        }
        lines.append("Hosted by \(lobby.hostProfile.username) · \(lobby.isPrivate ? "private (passcode)" : "public") · app \(lobby.appVersion ?? "?")")
        lines.append("")
        lines.append(style.bold("Players (\(lobby.playerProfiles.count))"))
        for (index, profile) in lobby.playerProfiles.enumerated() {
            let mark =
                index == 0 ? "host " : lobby.readyPlayerIDs.contains(profile.id) ? style.legal("ready") : style.dim("…    ")
            var line = "  \(mark)  \(profile.username)"
            if case .joiner(let me) = role, profile.id == me { line += " (you)" }
            if role == .host, index > 0, index - 1 == selected { line = style.cursor(line) }
            lines.append(line)
        }
        lines.append("")
        lines.append(style.bold("Settings") + (role == .host ? "" : style.dim(" (the host's)")))
        lines += settingsText(lobby.activeSettings).map { "  " + $0 }
        if let phase, phase != .joined, phase != .joining { lines.append(Self.describe(phase)) }
        return lines + footer(style, lobby: lobby)
    }

    /// Why the host's start waits, from the lobby now; nil unless the host asked to start.
    public func startHint(_ lobby: LobbyInfo?) -> String? {
        guard waitingToStart, role == .host, let lobby else { return nil }
        guard lobby.playerProfiles.count >= 2 else { return "Wait for at least one more player." }
        let waiting = Self.notReady(lobby)
        return waiting.isEmpty ? "Everyone is ready: s starts the game." : "Not ready yet: " + waiting.joined(separator: ", ")
    }

    private static func notReady(_ lobby: LobbyInfo) -> [String] {
        lobby.playerProfiles.dropFirst().filter { !lobby.readyPlayerIDs.contains($0.id) }.map(\.username)
    }

    private func footer(_ style: TerminalStyle, lobby: LobbyInfo? = nil) -> [String] {
        var lines = [""]
        if let message { lines.append(style.warning(message)) }
        if let hint = startHint(lobby) { lines.append(style.warning(hint)) }
        if confirmingLeave {
            lines.append(role == .host ? "End the lobby for everyone? y to end, any other key to stay." : "Leave the lobby? y to leave, any other key to stay.")
        } else {
            lines.append(style.dim(role == .host ? "↑↓ choose · x remove · b ban · s start · q quit" : "r ready / not ready · q leave"))
        }
        return lines
    }

    public static func describe(_ phase: ClientPhase) -> String {
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
