import Foundation
import GameCore
import ParlorEvents
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
            var onA = busA.gameNotices().makeAsyncIterator()
            var onB = busB.gameNotices().makeAsyncIterator()
            let marker = GameNotice.presenceChanged(user: "marker")
            func move(_ seq: Int) -> GameNotice {
                .moved(game: Self.game, seq: seq, move: NoticedMove(MoveEntry(seq: seq, seat: 0, kind: .action, action: "\"a\"", moveID: "m\(seq)", at: 1), deadline: nil))
            }
            var heardOnA: [GameNotice?] = []
            var heardOnB: [GameNotice?] = []

            // The writer's answer first: heard at once, before any notification is sent.
            await NoticeRide(Notice(move(1)), on: busA).committed()
            heardOnA.append(await onA.next())
            await busA.publish(move(1))  // its notification, as the append statement sends it
            heardOnB.append(await onB.next())

            // The notification first: held, and the writer's copy is the one heard.
            let second = NoticeRide(Notice(move(2)), on: busA)
            await busA.publish(move(2))
            // Most often the notification is back by now and held for the writer's answer.
            try await Task.sleep(for: .milliseconds(200))
            await second.committed()
            heardOnA.append(await onA.next())

            // A write that did not commit leaves the move to whoever wrote it.
            NoticeRide(Notice(move(3)), on: busA).notWritten()
            await busB.publish(move(3))

            await busA.publish(marker)
            for _ in 0..<2 { heardOnA.append(await onA.next()) }
            for _ in 0..<3 { heardOnB.append(await onB.next()) }
            #expect(heardOnA == [move(1), move(2), move(3), marker], "no second copy of a move reached node A")
            #expect(heardOnB == [move(1), move(2), move(3), marker])
        }
    }
}
