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
        guard let envelope = decode(RealtimeEnvelope.self, data) else {
            return refuse(.malformed, "expected a JSON object with a string 'type'", state)
        }
        guard let user = state.user else { return await authenticate(envelope, data, &state) }
        guard let type = RealtimeClientMessageType(rawValue: envelope.type) else {
            return refuse(.unsupported, "unknown message type '\(envelope.type.prefix(64))'", state)
        }
        let job: HubConnection.Job
        switch type {
        case .authenticate:
            return refuse(.unsupported, "already authenticated as \(user.userID)", state)
        case .subscribe:
            guard let message = decode(RealtimeSubscribe.self, data) else { return malformed(type, envelope, state) }
            job = .subscribe(game: message.game, since: message.since)
        case .unsubscribe:
            guard let message = decode(RealtimeUnsubscribe.self, data) else { return malformed(type, envelope, state) }
            job = .unsubscribe(game: message.game)
        case .move:
            // The action's shape belongs to the game; the game service decodes the whole message.
            guard envelope.game != nil else { return malformed(type, envelope, state) }
            job = .move(data, receivedAt: .now)
        case .resign:
            guard let message = decode(RealtimeResign.self, data) else { return malformed(type, envelope, state) }
            job = .resign(game: message.game, moveId: message.moveId)
        case .chat:
            guard let message = decode(RealtimeChat.self, data) else { return malformed(type, envelope, state) }
            job = .chat(game: message.game, text: message.text)
        case .ping:
            guard let message = decode(RealtimePing.self, data) else { return malformed(type, envelope, state) }
            job = .frames([RealtimeFrames.pong(id: message.id)])
        }
        // A full queue closes the connection (the writer cannot keep up); stop reading then.
        return connection.enqueue(job)
    }

    /// The first message of a connection without an `Authorization` header must authenticate it.
    private func authenticate(_ envelope: RealtimeEnvelope, _ data: Data, _ state: inout InboundState) async -> Bool {
        guard envelope.type == RealtimeClientMessageType.authenticate.rawValue else {
            let error = RealtimeFrames.error(.unauthorized, "authenticate first: send an 'authenticate' message or an Authorization header")
            return close(with: error, .unauthorized)
        }
        guard let message = decode(RealtimeAuthenticate.self, data) else {
            return close(with: RealtimeFrames.error(.malformed, "'authenticate' needs a string 'token'"), .unauthorized)
        }
        do {
            let user = try await play.authenticate(token: message.token)
            state.user = user
            accept(user)
            return true
        } catch {
            let reason = (error as? APIError)?.message ?? "invalid access token"
            return close(with: RealtimeFrames.error(.unauthorized, reason), .unauthorized)
        }
    }

    private func malformed(_ type: RealtimeClientMessageType, _ envelope: RealtimeEnvelope, _ state: InboundState) -> Bool {
        refuse(.malformed, "'\(type.rawValue)' is missing a field or has one of the wrong type", state, game: envelope.game)
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

    private func decode<Message: Decodable>(_ type: Message.Type, _ data: Data) -> Message? {
        try? JSONDecoder().decode(type, from: data)
    }
}
