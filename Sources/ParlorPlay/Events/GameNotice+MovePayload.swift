import Foundation
import GameCore
import ParlorAPI

/// The `NOTIFY` form of the one notice sent on every move: a move carrying its entry. Every node
/// reads every move's notice, so it is read without a decoder: tab-separated fields, split and parsed. Every other notice, and a
/// move without its entry, stays JSON (a payload starting `{`).
///
/// `m⇥game⇥seq⇥seat⇥kind⇥at⇥deadline⇥action bytes⇥move id?⇥` then the action's canonical JSON
/// and the move id, back to back. The deadline is empty when there is none; the action's length
/// in UTF-8 bytes is −1 for a move with no action (a platform resignation), and "move id?" is 1
/// when there is a move id. The two free texts go last, measured, so they may hold any character.
extension GameNotice {
    static let movePayloadTag = "m"

    /// This notice in the compact form; nil for any notice other than a move with its entry.
    package var compactPayload: String? {
        guard case .moved(let game, let seq, let move?) = self else { return nil }
        let deadline = move.deadline.map(String.init) ?? ""
        let actionBytes = move.action.map { String($0.utf8.count) } ?? "-1"
        let fields = [
            Self.movePayloadTag, game.canonicalText, String(seq), String(move.seat), move.kind, String(move.at), deadline, actionBytes,
            move.moveID == nil ? "0" : "1",
        ]
        return fields.joined(separator: "\t") + "\t" + (move.action ?? "") + (move.moveID ?? "")
    }

    /// The move a compact payload describes; nil when `payload` is not in the compact form.
    /// Throws when it is, but broken.
    package static func notice(compactPayload payload: String) throws -> GameNotice? {
        guard payload.hasPrefix(movePayloadTag + "\t") else { return nil }
        return try GameNotice(movePayload: payload)
    }

    init(movePayload payload: String) throws(MovePayloadError) {
        let fields = payload.split(separator: "\t", maxSplits: 9, omittingEmptySubsequences: false)
        guard fields.count == 10 else { throw MovePayloadError("\(fields.count) fields") }
        guard let game = UUID(parsing: String(fields[1])) else { throw MovePayloadError("game") }
        guard let seq = Int(fields[2]), let seat = Int(fields[3]), let at = Int64(fields[5]) else { throw MovePayloadError("numbers") }
        let deadline: Int64?
        if fields[6].isEmpty {
            deadline = nil
        } else {
            guard let value = Int64(fields[6]) else { throw MovePayloadError("deadline") }
            deadline = value
        }
        guard let actionBytes = Int(fields[7]), actionBytes >= -1, let hasMoveID = Int(fields[8]), hasMoveID == 0 || hasMoveID == 1 else {
            throw MovePayloadError("lengths")
        }
        let texts = fields[9].utf8
        guard actionBytes <= texts.count else { throw MovePayloadError("action length") }
        let split = texts.index(texts.startIndex, offsetBy: max(actionBytes, 0))
        guard let action = String(texts[..<split]), let moveID = String(texts[split...]) else { throw MovePayloadError("action length") }
        guard hasMoveID == 1 || moveID.isEmpty else { throw MovePayloadError("move id") }
        let entry = MoveEntry.Kind(rawValue: String(fields[4])).map {
            MoveEntry(seq: seq, seat: seat, kind: $0, action: actionBytes < 0 ? nil : action, moveID: hasMoveID == 1 ? moveID : nil, at: at)
        }
        guard let entry else { throw MovePayloadError("kind") }
        self = .moved(game: game, seq: seq, move: NoticedMove(entry, deadline: deadline))
    }
}

/// What is wrong with a compact move payload.
package struct MovePayloadError: Error, CustomStringConvertible {
    package let description: String

    init(_ field: String) { description = "a broken move notice: bad \(field)" }
}
