import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorPlay

/// The stable `code`s of the `error` frames the channel itself sends (the game service sends the
/// game-related ones inside its own frames).
enum RealtimeErrorCode: String, Sendable {
    case malformed
    case unauthorized
    case rateLimited = "rate_limited"
    case tooLarge = "too_large"
    case unsupported
}

/// Encodes the few messages the channel writes itself: `welcome`, `pong` and its `error`s.
///
/// Everything about games comes pre-encoded from ``RealtimePlay``; these are the only frames the
/// channel composes, so their encoding lives in one place.
enum RealtimeFrames {
    static func welcome(user: String, heartbeat: Int) -> OutgoingFrame {
        encode(RealtimeWelcome(user: user, heartbeat: heartbeat))
    }

    static func pong(id: String?) -> OutgoingFrame {
        encode(RealtimePong(id: id))
    }

    static func error(_ code: RealtimeErrorCode, _ message: String, game: UUID? = nil, moveID: String? = nil) -> OutgoingFrame {
        encode(RealtimeError(code: code.rawValue, message: message, game: game, moveId: moveID))
    }

    static func encode(_ value: some Encodable) -> OutgoingFrame {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // These types hold only strings, integers and UUIDs, which always encode; the fallback
        // keeps the channel free of `try!` all the same.
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
            return OutgoingFrame(text: #"{"code":"internal","message":"encoding failed","type":"error"}"#)
        }
        return OutgoingFrame(text: text)
    }
}
