import AppFoundation
import GameSession
import ParlorClient
import Quortex

/// An opened online game: the endpoint the board plays on, and what the screen shows beside it
/// (the chat of a real-time game, the moves waiting while offline, the network's state), with
/// how to let it all go. Live it is the SDK's `OnlineGameEndpoint` and its real-time
/// connection; a test builds one over a scripted endpoint and sets the closures it expects.
public struct QuortexGameConnection: Sendable {
    public var endpoint: any GameSessionEndpoint<Quortex>
    /// The game's chat from now on (the lines the server replays on each (re)subscription, each
    /// stored line once, and refusals of the player's lines); the stream ends with the connection (at once when the
    /// game is followed without a real-time connection).
    public var chatEvents: @Sendable () async -> AsyncStream<QuortexChatEvent>
    public var sendChat: @Sendable (_ text: String) async throws(ParlorError) -> Void
    /// This game's moves waiting to be sent, oldest first.
    public var queuedMoves: @Sendable () async -> [QuortexQueuedMove]
    /// Queued moves the server refused once it was reachable, with why.
    public var refusedMoves: @Sendable () async -> [QuortexRefusedMove]
    /// Sends the waiting moves now, if the server can be reached.
    public var deliverQueued: @Sendable () async -> Void
    /// The readings the network banner is made of.
    public var network: NetworkMonitor
    public var close: @Sendable () async -> Void

    public init(
        endpoint: any GameSessionEndpoint<Quortex>, chatEvents: @escaping @Sendable () async -> AsyncStream<QuortexChatEvent>,
        sendChat: @escaping @Sendable (_ text: String) async throws(ParlorError) -> Void,
        queuedMoves: @escaping @Sendable () async -> [QuortexQueuedMove], refusedMoves: @escaping @Sendable () async -> [QuortexRefusedMove],
        deliverQueued: @escaping @Sendable () async -> Void, network: NetworkMonitor, close: @escaping @Sendable () async -> Void
    ) {
        self.endpoint = endpoint
        self.chatEvents = chatEvents
        self.sendChat = sendChat
        self.queuedMoves = queuedMoves
        self.refusedMoves = refusedMoves
        self.deliverQueued = deliverQueued
        self.network = network
        self.close = close
    }

    /// Over `endpoint`, every other closure failing the test that calls it; a test sets the ones
    /// its model uses. Closing does nothing.
    public static func unimplemented(_ endpoint: any GameSessionEndpoint<Quortex>) -> QuortexGameConnection {
        QuortexGameConnection(
            endpoint: endpoint,
            chatEvents: {
                _ = Unimplemented.call("QuortexGameConnection.chatEvents")
                return AsyncStream { $0.finish() }
            },
            sendChat: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameConnection.sendChat") },
            queuedMoves: {
                _ = Unimplemented.call("QuortexGameConnection.queuedMoves")
                return []
            },
            refusedMoves: {
                _ = Unimplemented.call("QuortexGameConnection.refusedMoves")
                return []
            },
            deliverQueued: { _ = Unimplemented.call("QuortexGameConnection.deliverQueued") },
            network: NetworkMonitor {
                _ = Unimplemented.call("QuortexGameConnection.network")
                return AsyncStream { $0.finish() }
            },
            close: {})
    }
}
