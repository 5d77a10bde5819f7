import Foundation
import GameCore
import ParlorAPI

extension InboundMessage {
    /// `move` and `ping`, what a busy socket sends, read by the contract's one-pass scanner
    /// without `JSONDecoder`, which costs several times as much. Nil for any other message, whenever the scan is
    /// unsure, when this node does not hold the move's game and when the action is not one of its
    /// game's: ``InboundMessage/init(from:)`` reads those, and words their errors, as before.
    static func scanned(_ text: String, actions: ActionDecoding) -> InboundMessage? {
        guard let probe = RealtimeFrameScanner.clientMessage(text) else { return nil }
        switch probe.type {
        case RealtimeClientMessageType.ping.rawValue:
            return InboundMessage(parsed: .command(.ping(id: probe.id)))
        case RealtimeClientMessageType.move.rawValue:
            return move(probe, actions: actions).map { InboundMessage(parsed: .command(.move($0))) }
        default:
            return nil
        }
    }

    private static func move(_ probe: RealtimeClientProbe, actions: ActionDecoding) -> MoveCommand? {
        guard let game = probe.game, let moveID = probe.moveID, let action = probe.action else { return nil }
        let decoder = StringValueDecoder(action, codingPath: [ActionKey()])
        guard let submitted = try? actions.decode(game, decoder), case .decoded = submitted else { return nil }
        return MoveCommand(game: game, moveID: moveID, seq: probe.seq, action: submitted)
    }

    /// Where a message's action sits, for the errors of a game's own decoding.
    private struct ActionKey: CodingKey {
        var stringValue: String { "action" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }
}
