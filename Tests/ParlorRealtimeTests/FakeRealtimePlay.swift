import Foundation
import GameCore
@testable import ParlorAccounts
@testable import ParlorHTTP
@testable import ParlorPlay
@testable import ParlorRealtime
import Synchronization

/// A game service for the channel's tests: tokens `good-<user>` sign in as `<user>`; a game is
/// just a sequence number; every call is recorded so tests can check what the channel asked.
final class FakeRealtimePlay: RealtimePlay {
    struct RenderCall: Equatable {
        var user: String
        var game: UUID
        var after: Int
        var returned: Int
    }

    struct Recorded {
        var seq: [UUID: Int] = [:]
        var renders: [RenderCall] = []
        var subscribes: [(user: String, game: UUID)] = []
        var unsubscribes: [(user: String, game: UUID)] = []
        var moves: [MoveCommand] = []
    }

    /// How long `subscribe` takes, and whether it reads the game's sequence before or after that
    /// wait: both orders must neither lose nor repeat a notice published meanwhile.
    let subscribeDelay: Duration
    let snapshotBeforeDelay: Bool
    /// Bytes of padding in every rendered move, to fill a slow client's buffers quickly.
    let padding: Int
    let recorded = Mutex(Recorded())

    init(subscribeDelay: Duration = .zero, snapshotBeforeDelay: Bool = false, padding: Int = 0) {
        self.subscribeDelay = subscribeDelay
        self.snapshotBeforeDelay = snapshotBeforeDelay
        self.padding = padding
    }

    func authenticate(token: String) async throws -> AuthenticatedUser {
        guard token.hasPrefix("good-") else { throw APIError.unauthorized("invalid access token", code: "invalid_token") }
        let user = String(token.dropFirst(5))
        return AuthenticatedUser(userID: user, sessionID: "session-\(user)", role: nil)
    }

    /// Moves `game` on by one and returns its new sequence number (the caller publishes the notice).
    func advance(_ game: UUID) -> Int {
        recorded.withLock { state in
            state.seq[game, default: 0] += 1
            return state.seq[game, default: 0]
        }
    }

    func subscribe(user: AuthenticatedUser, game: UUID, since: Int?) async -> (frames: [OutgoingFrame], seq: Int?) {
        recorded.withLock { $0.subscribes.append((user.userID, game)) }
        if game == Self.missingGame { return ([frame(["type": "error", "code": "not_found", "game": game.uuidString])], nil) }
        let before = recorded.withLock { $0.seq[game, default: 0] }
        try? await Task.sleep(for: subscribeDelay)
        let seq = snapshotBeforeDelay ? before : recorded.withLock { $0.seq[game, default: 0] }
        return ([frame(["type": "state", "game": game.uuidString, "seq": seq])], seq)
    }

    func unsubscribe(user: AuthenticatedUser, game: UUID) async {
        recorded.withLock { $0.unsubscribes.append((user.userID, game)) }
    }

    func decodeAction(of game: UUID, from decoder: any Decoder) -> SubmittedAction? { nil }

    func move(user: AuthenticatedUser, command: MoveCommand) async -> [OutgoingFrame] {
        recorded.withLock { $0.moves.append(command) }
        return [frame(["type": "ack", "moveId": "m", "seq": 0, "repeated": false])]
    }

    func resign(user: AuthenticatedUser, game: UUID, moveId: String) async -> [OutgoingFrame] {
        [frame(["type": "ack", "game": game.uuidString, "moveId": moveId, "seq": 0, "repeated": false])]
    }

    func chat(user: AuthenticatedUser, game: UUID, text: String) async -> [OutgoingFrame] {
        text.count > 10 ? [frame(["type": "error", "code": "chat_too_long", "game": game.uuidString])] : []
    }

    func render(_ notice: GameNotice, for user: AuthenticatedUser, after lastSent: Int) async -> (frames: [OutgoingFrame], lastSent: Int) {
        var frames: [OutgoingFrame] = []
        var last = lastSent
        let game = notice.game ?? UUID()
        switch notice {
        case .matched:
            frames = [frame(["type": "match_found", "game": game.uuidString])]
        case .chat(_, let line):
            frames = [frame(["type": "chat_message", "game": game.uuidString, "text": line.text])]
        default:
            let seq = notice.seq ?? lastSent
            if seq > lastSent {
                frames = (lastSent + 1...seq).map { n in
                    frame(["type": "move_made", "game": game.uuidString, "seq": n, "pad": String(repeating: "x", count: padding)])
                }
                last = seq
            }
        }
        let call = RenderCall(user: user.userID, game: game, after: lastSent, returned: last)
        recorded.withLock { $0.renders.append(call) }
        return (frames, last)
    }

    /// A game `subscribe` refuses.
    static let missingGame = UUID(uuidString: "00000000-0000-0000-0000-00000000dead") ?? UUID()

    private func frame(_ object: [String: any Sendable]) -> OutgoingFrame {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return OutgoingFrame(text: String(decoding: data, as: UTF8.self))
    }
}
