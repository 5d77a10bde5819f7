import Foundation
import GameCore
import ParlorAPI

/// What a game's chat panel hears: a line (live, or replayed with the game's `state` after a
/// (re)subscription), or the server refusing a line this player sent.
public enum OnlineGameChatEvent: Sendable, Equatable {
    case line(RealtimeChatMessage)
    /// A chat line refused after it left: `rate_limited` (with `retryAfter` seconds) or
    /// `chat_too_long`. The socket says nothing when a line is accepted, so a refusal comes later,
    /// as an `error` frame about the game that names no move.
    case refused(RealtimeError)

    /// The `error` codes that refuse a chat line rather than a move or a subscription.
    static let refusalCodes: Set<String> = ["rate_limited", "chat_too_long"]
}

/// Turns one consumer's game frames into chat events, each stored line once: the `state` that
/// answers every (re)subscription replays the game's newest lines, and a line already heard live
/// (or in an earlier replay) is recognised by its stored id and left out.
struct ChatReplayFilter: Sendable {
    /// Ids of the lines handed out so far. A game keeps a bounded number of lines, so this stays small.
    private var seen: Set<String> = []

    /// The events `frame` brings, oldest line first.
    mutating func events<Module: GameModule>(from frame: RealtimeGameEvent<Module>) -> [OnlineGameChatEvent] {
        switch frame {
        case .state(let state): return (state.chat ?? []).compactMap { admit($0) }
        case .chat(let line): return admit(line).map { [$0] } ?? []
        case .error(let error) where error.moveId == nil && OnlineGameChatEvent.refusalCodes.contains(error.code): return [.refused(error)]
        default: return []
        }
    }

    /// `line` unless its id was handed out already; a line without an id (an older server's) is
    /// always new.
    mutating func admit(_ line: RealtimeChatMessage) -> OnlineGameChatEvent? {
        guard let id = line.id else { return .line(line) }
        return seen.insert(id).inserted ? .line(line) : nil
    }
}

extension ParlorError {
    /// A chat line's refusal on the socket as the REST routes would have answered it: 429 with the
    /// seconds to wait for `rate_limited`, 400 for a line out of bounds.
    public init(chatRefusal refusal: RealtimeError) {
        let limited = refusal.code == "rate_limited"
        self.init(
            kind: limited ? .rateLimited : .invalidInput, code: refusal.code, message: refusal.message, status: limited ? 429 : 400,
            retryAfter: refusal.retryAfter)
    }
}
