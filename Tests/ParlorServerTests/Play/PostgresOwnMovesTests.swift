import Foundation
import GameCore
@testable import ParlorPlay
import ParlorTestSupport
import Testing

/// A node's own moves on the PostgreSQL bus: heard as they commit, once, whichever copy comes first.
@Suite(.timeLimit(.minutes(3))) struct PostgresOwnMovesTests {
    static let postgres = TestDatabaseKind.available.contains(.postgres)
    static let game = UUID(uuidString: "0B7C2E44-5D1A-4F0B-8E6A-3C9D2F1A7B52") ?? UUID()

    /// A move this node writes reaches its own subscribers as it commits and once, whether its
    /// notification comes back before or after; other nodes hear it from the notification.
    @Test(.enabled(if: postgres)) func aNodeHearsItsOwnMovesAsTheyCommitAndOnce() async throws {
        try await withTwoBusNodes { busA, busB in
            var onA = busA.notices().makeAsyncIterator()
            var onB = busB.notices().makeAsyncIterator()
            let marker = GameNotice.presenceChanged(user: "marker")
            func move(_ seq: Int) -> GameNotice {
                .moved(game: Self.game, seq: seq, move: NoticedMove(MoveEntry(seq: seq, seat: 0, kind: .action, action: "\"a\"", moveID: "m\(seq)", at: 1), deadline: nil))
            }
            var heardOnA: [GameNotice?] = []
            var heardOnB: [GameNotice?] = []

            // The writer's answer first: heard at once, before any notification is sent.
            busA.writing(move(1))
            busA.committed(move(1))
            heardOnA.append(await onA.next())
            await busA.publish(move(1))  // its notification, as the append statement sends it
            heardOnB.append(await onB.next())

            // The notification first: heard from it, and the writer's copy is dropped.
            busA.writing(move(2))
            await busA.publish(move(2))
            heardOnA.append(await onA.next())
            busA.committed(move(2))

            // A write that did not commit leaves the move to whoever wrote it.
            busA.writing(move(3))
            busA.notWritten(move(3))
            await busB.publish(move(3))

            await busA.publish(marker)
            for _ in 0..<2 { heardOnA.append(await onA.next()) }
            for _ in 0..<3 { heardOnB.append(await onB.next()) }
            #expect(heardOnA == [move(1), move(2), move(3), marker], "no second copy of a move reached node A")
            #expect(heardOnB == [move(1), move(2), move(3), marker])
        }
    }
}
