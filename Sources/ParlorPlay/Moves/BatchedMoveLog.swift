import Foundation

/// PostgreSQL's move log: an ordinary move is appended with the other games' moves that arrive
/// meanwhile, by one statement that also sends its notice (``MoveAppender``); any other step is
/// written in a transaction.
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
        let appended: Bool
        do {
            appended = try await appender.append(move)
        } catch {
            cache.withdraw(game)
            throw error
        }
        guard appended else {
            cache.withdraw(game)
            return .superseded
        }
        cache.put(game)
        // A bus that does not ride on the database (none does on PostgreSQL today) hears it now.
        if notification == nil { await bus.publish(notice) }
        return .appended(game)
    }
}
