import GameCore
import GameSession

import struct Foundation.UUID

/// Who the player is in a lobby.
public enum LobbyRole: Sendable, Equatable {
    /// Runs the lobby: removes and bans joiners, starts the game.
    case host
    /// Joined someone's lobby: readies, sees the host's settings read-only.
    case joiner(me: UUID)
}

/// What the lobby asks of its session.
public enum LobbyCommand: Sendable, Equatable {
    case setReady(Bool)
    case start
    case kick(UUID)
    /// Removed and refused if they try to join again.
    case ban(UUID)
    /// A joiner leaves; the host ends the lobby for everyone.
    case leave
}

/// The lobby as the session has it now: the lobby itself (nil before a joiner is in) and the
/// session's phase (a refusal, a removal or the end come as a phase).
public struct LobbyReading: Sendable, Equatable {
    public var lobby: LobbyInfo?
    public var phase: ClientPhase?

    public init(lobby: LobbyInfo?, phase: ClientPhase?) {
        self.lobby = lobby
        self.phase = phase
    }
}

/// The session under a lobby model: the host's `SessionHost` or a joiner's `SessionClient` (a
/// test gives closures of its own).
public struct LobbyConnection: Sendable {
    public var read: @Sendable () async -> LobbyReading
    /// Does what the command asks; the session's refusal in its own words, or nil.
    public var perform: @Sendable (LobbyCommand) async -> String?

    public init(read: @escaping @Sendable () async -> LobbyReading, perform: @escaping @Sendable (LobbyCommand) async -> String?) {
        self.read = read
        self.perform = perform
    }

    /// The host's side: removals say who removed them, and leaving closes the lobby.
    public static func host<Module: GameModule>(_ host: SessionHost<Module>) -> LobbyConnection {
        LobbyConnection(
            read: {
                let snapshot = await host.snapshot()
                return LobbyReading(lobby: snapshot.lobby, phase: snapshot.phase)
            },
            perform: { command in
                do throws(SessionError) {
                    switch command {
                    case .start: try await host.start()
                    case .kick(let id): try await host.kick(id, reason: "Removed by the host")
                    case .ban(let id): try await host.kick(id, reason: "Banned by the host", ban: true)
                    case .leave: await host.end(reason: "The host closed the lobby")
                    case .setReady: break
                    }
                    return nil
                } catch {
                    return error.message
                }
            })
    }

    /// A joiner's side: ready and leave; the host's commands are not a joiner's to send.
    public static func joiner<Module: GameModule>(_ client: SessionClient<Module>) -> LobbyConnection {
        LobbyConnection(
            read: {
                let snapshot = await client.snapshot()
                return LobbyReading(lobby: snapshot.lobby, phase: snapshot.phase)
            },
            perform: { command in
                switch command {
                case .setReady(let ready): await client.setReady(ready)
                case .leave: await client.leave()
                case .start, .kick, .ban: break
                }
                return nil
            })
    }
}
