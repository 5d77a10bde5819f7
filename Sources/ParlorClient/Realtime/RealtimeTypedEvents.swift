import Foundation
import GameCore
import ParlorAPI

/// A message about the signed-in user, decoded.
public enum RealtimeUserEvent: Sendable {
    case welcome(RealtimeWelcome)
    case matchFound(RealtimeMatchFound)
    case invitation(RealtimeInvitation)
    case friendPresence(RealtimeFriendPresence)
    case friendsChanged(RealtimeFriendsChanged)
    case achievementUnlocked(RealtimeAchievementUnlocked)
    /// The user's synced stats changed on another device: pull now.
    case syncChanged(RealtimeSyncChanged)
    /// A type this build does not know, or a frame that did not decode: kept, never fatal.
    case other(RealtimeInbound)

    public init(_ inbound: RealtimeInbound) {
        func decoded<Message: Decodable>(_ type: Message.Type, _ wrap: (Message) -> Self) -> Self {
            inbound.typed(type, wrap, otherwise: Self.other)
        }
        switch inbound.type {
        case .syncChanged?: self = decoded(RealtimeSyncChanged.self, Self.syncChanged)
        case .welcome?: self = decoded(RealtimeWelcome.self, Self.welcome)
        case .matchFound?: self = decoded(RealtimeMatchFound.self, Self.matchFound)
        case .invitation?: self = decoded(RealtimeInvitation.self, Self.invitation)
        case .friendPresence?: self = decoded(RealtimeFriendPresence.self, Self.friendPresence)
        case .friendsChanged?: self = decoded(RealtimeFriendsChanged.self, Self.friendsChanged)
        case .achievementUnlocked?: self = decoded(RealtimeAchievementUnlocked.self, Self.achievementUnlocked)
        default: self = .other(inbound)
        }
    }
}

/// A message about one game, decoded with that game's own action and view types.
public enum RealtimeGameEvent<Module: GameModule>: Sendable {
    case state(RealtimeState<Module.Action, Module.View>)
    case started(RealtimeGameStarted<Module.View>)
    case moveMade(RealtimeMoveMade<Module.Action, Module.View>)
    case ack(RealtimeAck)
    /// `player_joined`, `player_left` or `player_reconnected` (the type says which).
    case presence(RealtimePresence)
    case ended(RealtimeGameEnded)
    case chat(RealtimeChatMessage)
    case error(RealtimeError)
    /// A type this build does not know, or a frame that did not decode: kept, never fatal.
    case other(RealtimeInbound)

    public init(_ inbound: RealtimeInbound) {
        func decoded<Message: Decodable>(_ type: Message.Type, _ wrap: (Message) -> Self) -> Self {
            inbound.typed(type, wrap, otherwise: Self.other)
        }
        switch inbound.type {
        case .state?: self = decoded(RealtimeState<Module.Action, Module.View>.self, Self.state)
        case .gameStarted?: self = decoded(RealtimeGameStarted<Module.View>.self, Self.started)
        case .moveMade?: self = decoded(RealtimeMoveMade<Module.Action, Module.View>.self, Self.moveMade)
        case .ack?: self = decoded(RealtimeAck.self, Self.ack)
        case .playerJoined?, .playerLeft?, .playerReconnected?: self = decoded(RealtimePresence.self, Self.presence)
        case .gameEnded?: self = decoded(RealtimeGameEnded.self, Self.ended)
        case .chatMessage?: self = decoded(RealtimeChatMessage.self, Self.chat)
        case .error?: self = decoded(RealtimeError.self, Self.error)
        default: self = .other(inbound)
        }
    }
}

extension RealtimeEvents {
    /// The user's messages from now on, decoded (match found, invitations, friends, achievements).
    public func userEvents() -> AsyncStream<RealtimeUserEvent> {
        user().map(RealtimeUserEvent.init).eraseToStream()
    }

    /// `game`'s messages from now on, decoded with `Module`'s types; subscribes as ``game(_:)`` does.
    public func events<Module: GameModule>(of game: UUID, as _: Module.Type) async throws -> AsyncStream<RealtimeGameEvent<Module>> {
        try await self.game(game).map(RealtimeGameEvent<Module>.init).eraseToStream()
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The sequence as an `AsyncStream`, ending (and cancelling its iteration) when the stream's
    /// consumer stops.
    func eraseToStream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let pump = Task {
            do {
                for try await element in self { continuation.yield(element) }
            } catch {}
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return stream
    }
}

extension RealtimeInbound {
    /// This message decoded as `type` and wrapped, or handed to `otherwise` as it came when it
    /// does not decode: a typed event is never lost to a frame this build reads differently.
    func typed<Message: Decodable, Typed>(_ type: Message.Type, _ wrap: (Message) -> Typed, otherwise: (RealtimeInbound) -> Typed) -> Typed {
        (try? decode(type)).map(wrap) ?? otherwise(self)
    }
}
