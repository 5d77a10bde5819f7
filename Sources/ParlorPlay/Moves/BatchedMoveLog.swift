import Foundation

/// PostgreSQL's move log: an ordinary move is appended with the other games' moves that arrive
/// meanwhile, by one statement that also sends its notice (``MoveAppender``) to other nodes; this
/// node's subscribers hear it as it commits. Any other step is written in a transaction.
struct BatchedMoveLog: MoveLog {
    let appender: MoveAppender
    let bus: any GameEventBus
    let cache: LiveGameCache
    let transactional: TransactionalMoveLog
    /// Whether a turn-based game's moves raise notifications, which are written in the move's
    /// transaction: such games move at human pace, so they lose nothing by not batching.
    let notifies: Bool

    func append(_ step: MoveStep) async throws -> MoveAppend {
        guard let entry = step.ordinaryMove, !(notifies && step.after.row.mode == .turnBased) else { return try await transactional.append(step) }
        let game = step.after
        let notice = GameNotice.moved(game: game.id, seq: entry.seq, move: NoticedMove(entry, deadline: game.row.deadlineAt))
        let notification = bus.notification(for: notice)
        let move = MoveAppender.Move(game: game.id, entry: entry, deadline: game.row.deadlineAt, notification: notification)
        cache.expect(game)
        if notification != nil { bus.writing(notice) }
        let appended: Bool
        do {
            appended = try await appender.append(move)
        } catch {
            cache.withdraw(game)
            bus.notWritten(notice)
            throw error
        }
        guard appended else {
            cache.withdraw(game)
            bus.notWritten(notice)
            return .superseded
        }
        cache.put(game)
        // This node's sockets hear the move now; other nodes when its notification reaches them.
        if notification != nil { bus.committed(notice) } else { await bus.publish(notice) }
        return .appended(game)
    }
}
