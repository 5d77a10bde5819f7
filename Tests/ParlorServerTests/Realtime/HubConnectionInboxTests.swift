import Foundation
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
        connection.enqueue(.notice(.moved(game: other, seq: 1)))
        connection.enqueue(.notice(.moved(game: game, seq: 1)))
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "another game's notice is ahead of it")
        #expect(Self.describe(connection.nextJob()) == "moved \(other) 1")
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "moved \(game) 1")
        #expect(Self.describe(connection.nextJob()) == "nothing")

        connection.enqueue(.notice(.chat(game: game, line: ChatLine(user: "u", seat: 0, name: "n", text: "hi", at: 0))))
        connection.enqueue(.notice(.ended(game: game, seq: 2)))
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "not a move notice")
        #expect(Self.describe(connection.nextJob()) == "chat")
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing", "an end is sent on its own")
        #expect(Self.describe(connection.nextJob()) == "ended")
    }

    @Test func aFinishedConnectionGivesNothing() {
        let connection = HubConnection(id: 1, queueLimit: 8)
        connection.enqueue(.notice(.moved(game: game, seq: 1)))
        _ = connection.finish()
        #expect(Self.describe(connection.nextJob(ifMoveOf: game)) == "nothing")
    }

    static func describe(_ job: HubConnection.Job?) -> String {
        switch job {
        case .notice(.moved(let game, let seq, _))?: "moved \(game) \(seq)"
        case .notice(.chat)?: "chat"
        case .notice(.ended)?: "ended"
        case nil: "nothing"
        default: "other"
        }
    }
}
