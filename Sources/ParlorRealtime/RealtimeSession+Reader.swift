import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// The reader: checks every inbound message (size, rate, shape, authentication) and turns the
/// acceptable ones into jobs. It runs on the socket's event loop (``RealtimeChannelHandler``) and
/// never waits: a client's flood is refused here, cheaply, before it costs any game work, and a
/// token in an `authenticate` message is checked by the handler, which holds later messages until
/// it knows.
extension RealtimeSession {
    /// What the reader keeps between messages; the handler's, on the event loop.
    struct InboundState {
        var user: AuthenticatedUser?
        var bucket: TokenBucket
        /// Messages refused for the rate since the client last paused.
        var strikes = 0

        init(user: AuthenticatedUser?, configuration: RealtimeConfiguration) {
            self.user = user
            bucket = TokenBucket(capacity: configuration.messageBurst, rate: configuration.messagesPerSecond)
        }
    }

    /// What the reader does after a message.
    enum ReadStep {
        case next
        /// The connection is to be closed (the close is queued): read nothing more.
        case stop
        /// Check this token before reading on; ``authenticated(_:_:)`` says how it went.
        case authenticate(String)
    }

    /// A frame's message, `text` nil for a binary frame.
    func receive(text: String?, _ state: inout InboundState) -> ReadStep {
        let allowed = state.bucket.take()
        if state.bucket.wasFull { state.strikes = 0 }
        guard allowed else {
            state.strikes += 1
            // Named by its game and move id, as any refused move is, so that a client knows which
            // move to send again; the refusal stays cheap, since a flood closes after a few.
            let refused = text.flatMap(RefusedMessage.init(text:))
            let error = RealtimeFrames.error(
                .rateLimited, "too many messages; at most \(Int(configuration.messagesPerSecond)) a second", game: refused?.game,
                moveID: refused?.moveID)
            guard state.strikes < configuration.rateLimitStrikes else { return close(with: error, .rateLimited) }
            connection.enqueue(.frames([error]))
            return .next
        }
        guard let text else {
            return refuse(.unsupported, "binary frames are not supported; send JSON text frames", state)
        }
        // The frame decoder enforces the limit per frame and the aggregator per message; this
        // keeps it whatever those are configured with.
        guard text.utf8.count <= configuration.maxMessageBytes else {
            let error = RealtimeFrames.error(.tooLarge, "messages are limited to \(configuration.maxMessageBytes) bytes")
            return close(with: error, .tooLarge)
        }
        return handle(text, &state)
    }

    private func handle(_ text: String, _ state: inout InboundState) -> ReadStep {
        guard let message = decode(text) else {
            return refuse(.malformed, "expected a JSON object with a string 'type'", state)
        }
        guard let user = state.user else { return authenticate(message) }
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
        // A full queue closes the connection (the jobs cannot keep up); stop reading then.
        return connection.enqueue(job) ? .next : .stop
    }

    /// The first message of a connection without an `Authorization` header must authenticate it.
    private func authenticate(_ message: InboundMessage) -> ReadStep {
        switch message.parsed {
        case .command(.authenticate(let token)):
            return .authenticate(token)
        case .malformed(.authenticate, _):
            return close(with: RealtimeFrames.error(.malformed, "'authenticate' needs a string 'token'"), .unauthorized)
        default:
            let error = RealtimeFrames.error(.unauthorized, "authenticate first: send an 'authenticate' message or an Authorization header")
            return close(with: error, .unauthorized)
        }
    }

    /// How the token of an `authenticate` message checked out.
    func authenticated(_ result: Result<AuthenticatedUser, any Error>, _ state: inout InboundState) -> ReadStep {
        switch result {
        case .success(let user):
            state.user = user
            accept(user)
            return .next
        case .failure(let error):
            let reason = (error as? APIError)?.message ?? "invalid access token"
            return close(with: RealtimeFrames.error(.unauthorized, reason), .unauthorized)
        }
    }

    /// Answers with an error; before authentication the connection is closed as well.
    private func refuse(_ code: RealtimeErrorCode, _ message: String, _ state: InboundState, game: UUID? = nil) -> ReadStep {
        guard state.user != nil else {
            return close(with: RealtimeFrames.error(.unauthorized, "authenticate first (\(message))"), .unauthorized)
        }
        return connection.enqueue(.frames([RealtimeFrames.error(code, message, game: game)])) ? .next : .stop
    }

    /// Queues `error` and then the close, so the client learns why before the socket closes.
    private func close(with error: OutgoingFrame, _ close: RealtimeClose) -> ReadStep {
        if connection.enqueue(.frames([error])) { connection.enqueue(.close(close)) }
        return .stop
    }

    /// The whole message in one pass, a move's action straight into its game's type: a move or
    /// a ping by the one-pass scanner when it is sure, anything else by `JSONDecoder`.
    private func decode(_ text: String) -> InboundMessage? {
        let play = self.play
        let actions = ActionDecoding { game, at in play.decodeAction(of: game, from: at) }
        if let message = InboundMessage.scanned(text, actions: actions) { return message }
        let decoder = JSONDecoder()
        decoder.userInfo[ActionDecoding.key] = actions
        return try? decoder.decode(InboundMessage.self, from: Data(text.utf8))
    }
}

/// The fields that name what a refused message was about: its game and, for a move, its move
/// id. Anything unreadable names nothing.
private struct RefusedMessage: Decodable {
    var game: UUID?
    var moveID: String?

    private enum Key: String, CodingKey {
        case game
        case moveID = "move_id"
    }

    init?(text: String) {
        guard let read = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = read
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        game = try? c.decodeIfPresent(UUID.self, forKey: .game)
        moveID = try? c.decodeIfPresent(String.self, forKey: .moveID)
    }
}
