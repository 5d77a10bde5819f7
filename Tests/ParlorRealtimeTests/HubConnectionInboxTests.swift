import Foundation
import ParlorEvents
@testable import ParlorPlay
@testable import ParlorRealtime
import Testing

/// A connection's jobs run in the order queued; the one exception is a move's own `move_made`,
/// which the move job takes from the head of the queue to send with its `ack`.
struct HubConnectionInboxTests {
    let game = UUID()

    @Test func aMoveTakesOnlyItsGamesMoveNoticeAndOnlyFromTheHead() {
        let connection = HubConnection(id: 1, queueLimit: 8)
        let other = UUID()
        connection.enqueue(.notice(Notice(GameNotice.moved(game: other, seq: 1))))
        connection.enqueue(.notice(Notice(GameNotice.moved(game: game, seq: 1))))
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "another game's notice is ahead of it")
        #expect(Self.describe(connection.nextJob()) == "moved \(other) 1")
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "moved \(game) 1")
        #expect(Self.describe(connection.nextJob()) == "nothing")

        connection.enqueue(.notice(Notice(GameNotice.chat(game: game, line: ChatLine(user: "u", seat: 0, name: "n", text: "hi", at: 0)))))
        connection.enqueue(.notice(Notice(GameNotice.ended(game: game, seq: 2))))
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "not a move notice")
        #expect(Self.describe(connection.nextJob()) == "chat")
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "an end is sent on its own")
        #expect(Self.describe(connection.nextJob()) == "ended")
    }

    @Test func aFinishedConnectionGivesNothing() {
        let connection = HubConnection(id: 1, queueLimit: 8)
        connection.enqueue(.notice(Notice(GameNotice.moved(game: game, seq: 1))))
        _ = connection.finish()
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing")
    }

    static func describe(_ job: HubConnection.Job?) -> String {
        guard let job else { return "nothing" }
        guard case .notice(let notice) = job else { return "other" }
        switch notice.as(GameNotice.self) {
        case .moved(let game, let seq, _)?: return "moved \(game) \(seq)"
        case .chat?: return "chat"
        case .ended?: return "ended"
        default: return "other"
        }
    }
}
