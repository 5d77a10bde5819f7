import Foundation
import ParlorEvents

/// PostgreSQL's move log: an ordinary move is appended with the other games' moves that arrive
/// meanwhile, by one statement that also sends its notice (``MoveAppender``) to other nodes; this
/// node's subscribers hear it as it commits. Any other step is written in a transaction.
struct BatchedMoveLog: MoveLog {
    let appender: MoveAppender
    let bus: any EventBus
    let cache: LiveGameCache
    let transactional: TransactionalMoveLog
    /// Whether a turn-based game's moves raise notifications, which are written in the move's
    /// transaction: such games move at human pace, so they lose nothing by not batching.
    let notifies: Bool

    func append(_ step: MoveStep) async throws -> MoveAppend {
        guard let entry = step.ordinaryMove, !(notifies && step.after.row.mode == .turnBased) else { return try await transactional.append(step) }
        let game = step.after
        // This node's sockets hear the move as it commits; other nodes when its notification reaches them.
        let ride = NoticeRide(Notice(GameNotice.moved(game: game.id, seq: entry.seq, move: NoticedMove(entry, deadline: game.row.deadlineAt))), on: bus)
        let move = MoveAppender.Move(game: game.id, entry: entry, deadline: game.row.deadlineAt, notification: ride.notification)
        cache.expect(game)
        let appended: Bool
        do {
            appended = try await appender.append(move)
        } catch {
            cache.withdraw(game)
            ride.notWritten()
            throw error
        }
        guard appended else {
            cache.withdraw(game)
            ride.notWritten()
            return .superseded
        }
        cache.put(game)
        await ride.committed()
        return .appended(game)
    }
}
