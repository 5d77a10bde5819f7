import Foundation
import ParlorAPI

/// What a game screen shows beside the board: the game's chat over the endpoint's own real-time
/// connection (no second socket), and the moves of this game still waiting in the offline queue.
extension OnlineGameEndpoint {
    /// The real-time connection the game is followed on; nil when it is followed over REST only.
    public var connection: RealtimeConnection? { events?.connection }

    /// The game's chat from now on: first the newest lines the server keeps (replayed with the
    /// `state` answering the subscription), then each line as it is said, and after a reconnect
    /// the lines said while the socket was down (the `state` answering the resubscription), each
    /// stored line once; also the refusals of lines this player sent (``OnlineGameChatEvent``).
    /// The server leaves out the lines of anyone the player blocks, or who blocks them. Nil
    /// without a real-time connection.
    public func chatEvents() async throws -> AsyncStream<OnlineGameChatEvent>? {
        guard let events else { return nil }
        let frames = try await events.events(of: game, as: Module.self)
        let (chat, continuation) = AsyncStream.makeStream(of: OnlineGameChatEvent.self)
        let pump = Task {
            var filter = ChatReplayFilter()
            for await frame in frames {
                for event in filter.events(from: frame) { continuation.yield(event) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return chat
    }

    /// The lines of ``chatEvents()``, without the refusals: replayed on (re)subscribing, each once.
    public func chatLines() async throws -> AsyncStream<RealtimeChatMessage>? {
        guard let chat = try await chatEvents() else { return nil }
        let (lines, continuation) = AsyncStream.makeStream(of: RealtimeChatMessage.self)
        let pump = Task {
            for await event in chat {
                if case .line(let line) = event { continuation.yield(line) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return lines
    }

    /// Sends `text` to the game's chat. The server trims it and answers an empty or too long
    /// line with an `error` frame (`chat_too_long`), and a line past the player's limit with
    /// `rate_limited` and the seconds to wait; both reach ``chatEvents()`` as `.refused`.
    public func sendChat(_ text: String) async throws {
        guard let connection = events?.connection else { throw RealtimeConnectionError.notConnected }
        try await connection.send(RealtimeChat(game: game, text: text))
    }

    /// The queue moves wait in while the server cannot be reached, when the endpoint has one.
    public var offlineQueue: OfflineMoveQueue? { queue }

    /// This game's moves waiting in the offline queue, oldest first.
    public func queuedMoveList() async -> [OfflineMoveQueue.Move] {
        guard let queue else { return [] }
        return await queue.queued.filter { $0.game == gameID }
    }
}
