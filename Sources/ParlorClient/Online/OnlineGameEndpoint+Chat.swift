import Foundation
import ParlorAPI

/// What a game screen shows beside the board: the game's chat over the endpoint's own real-time
/// connection (no second socket), and the moves of this game still waiting in the offline queue.
extension OnlineGameEndpoint {
    /// The real-time connection the game is followed on; nil when it is followed over REST only.
    public var connection: RealtimeConnection? { events?.connection }

    /// The game's chat lines from now on, as the server sends them (it leaves out the lines of
    /// anyone the player blocks, or who blocks them); nil without a real-time connection.
    public func chatLines() async throws -> AsyncStream<RealtimeChatMessage>? {
        guard let events else { return nil }
        let frames = try await events.events(of: game, as: Module.self)
        let (lines, continuation) = AsyncStream.makeStream(of: RealtimeChatMessage.self)
        let pump = Task {
            for await frame in frames {
                if case .chat(let line) = frame { continuation.yield(line) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in pump.cancel() }
        return lines
    }

    /// Sends `text` to the game's chat. The server trims it and answers an empty or too long
    /// line with an `error` frame (`chat_too_long`); a caller checks the length first.
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
