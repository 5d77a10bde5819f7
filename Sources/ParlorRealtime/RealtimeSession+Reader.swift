import Foundation
import HummingbirdWebSocket
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// The reader: checks every inbound message (size, rate, shape, authentication) and turns the
/// acceptable ones into jobs for the writer. It calls the game service only to authenticate, so
/// a client's flood is refused here, cheaply, before it costs any game work.
extension RealtimeSession {
    /// What the reader keeps between messages; local to its task.
    struct InboundState {
        var user: AuthenticatedUser?
        var bucket: TokenBucket
        /// Messages refused for the rate since the client last paused.
        var strikes = 0
    }

    func readLoop(_ inbound: WebSocketInboundStream) async -> Ending? {
        var state = InboundState(
            user: preauthenticated,
            bucket: TokenBucket(capacity: configuration.messageBurst, rate: configuration.messagesPerSecond))
        do {
            for try await message in inbound.messages(maxSize: configuration.maxMessageBytes) {
                guard await receive(message, &state) else { return nil }
            }
            return .peerClosed
        } catch is CancellationError {
            return nil
        } catch {
            return Task.isCancelled ? nil : .failed(error)
        }
    }

    /// Handles one message; false once the connection is to be closed (the close is queued).
    private func receive(_ message: WebSocketMessage, _ state: inout InboundState) async -> Bool {
        let allowed = state.bucket.take()
        if state.bucket.wasFull { state.strikes = 0 }
        guard allowed else {
            state.strikes += 1
            let error = RealtimeFrames.error(.rateLimited, "too many messages; at most \(Int(configuration.messagesPerSecond)) a second")
            guard state.strikes < configuration.rateLimitStrikes else { return close(with: error, .rateLimited) }
            connection.enqueue(.frames([error]))
            return true
        }
        switch message {
        case .binary:
            return refuse(.unsupported, "binary frames are not supported; send JSON text frames", state)
        case .text(let text):
            // The WebSocket layer enforces the limit per frame and per message; this keeps it
            // whatever that layer is configured with.
            guard text.utf8.count <= configuration.maxMessageBytes else {
                let error = RealtimeFrames.error(.tooLarge, "messages are limited to \(configuration.maxMessageBytes) bytes")
                return close(with: error, .tooLarge)
            }
            return await handle(Data(text.utf8), &state)
        }
    }

    private func handle(_ data: Data, _ state: inout InboundState) async -> Bool {
        guard let message = decode(data) else {
            return refuse(.malformed, "expected a JSON object with a string 'type'", state)
        }
        guard let user = state.user else { return await authenticate(message, &state) }
        let job: HubConnection.Job
        switch message.parsed {
        case .unknownType(let type):
            return refuse(.unsupported, "unknown message type '\(type.prefix(64))'", state)
        case .malformed(let type, let game):
            return refuse(.malformed, "'\(type.rawValue)' is missing a field or has one of the wrong type", state, game: game)
        case .command(.authenticate):
            return refuse(.unsupported, "already authenticated as \(user.userID)", state)
        case .command(.ping(let id)):
            job = .frames([RealtimeFrames.pong(id: id)])
        case .command(.move(let move)):
            job = .move(move, receivedAt: .now)
        case .command(let command):
            job = .command(command)
        }
        // A full queue closes the connection (the writer cannot keep up); stop reading then.
        return connection.enqueue(job)
    }

    /// The first message of a connection without an `Authorization` header must authenticate it.
    private func authenticate(_ message: InboundMessage, _ state: inout InboundState) async -> Bool {
        let token: String
        switch message.parsed {
        case .command(.authenticate(let given)):
            token = given
        case .malformed(.authenticate, _):
            return close(with: RealtimeFrames.error(.malformed, "'authenticate' needs a string 'token'"), .unauthorized)
        default:
            let error = RealtimeFrames.error(.unauthorized, "authenticate first: send an 'authenticate' message or an Authorization header")
            return close(with: error, .unauthorized)
        }
        do {
            let user = try await play.authenticate(token: token)
            state.user = user
            accept(user)
            return true
        } catch {
            let reason = (error as? APIError)?.message ?? "invalid access token"
            return close(with: RealtimeFrames.error(.unauthorized, reason), .unauthorized)
        }
    }

    /// Answers with an error; before authentication the connection is closed as well.
    private func refuse(_ code: RealtimeErrorCode, _ message: String, _ state: InboundState, game: UUID? = nil) -> Bool {
        guard state.user != nil else {
            return close(with: RealtimeFrames.error(.unauthorized, "authenticate first (\(message))"), .unauthorized)
        }
        return connection.enqueue(.frames([RealtimeFrames.error(code, message, game: game)]))
    }

    /// Queues `error` and then the close, so the client learns why before the socket closes.
    private func close(with error: OutgoingFrame, _ close: RealtimeClose) -> Bool {
        if connection.enqueue(.frames([error])) { connection.enqueue(.close(close)) }
        return false
    }

    /// The whole message in one pass, a move's action straight into its game's type.
    private func decode(_ data: Data) -> InboundMessage? {
        let decoder = JSONDecoder()
        let play = self.play
        decoder.userInfo[ActionDecoding.key] = ActionDecoding { game, at in play.decodeAction(of: game, from: at) }
        return try? decoder.decode(InboundMessage.self, from: data)
    }
}
