import Foundation
import GameCore

extension LiveGame {
    /// When the current turn times out: the turn clock, shortened to the grace period when a
    /// real-time player whose turn it is has gone away.
    func turnDeadline(now: Int64) -> Int64? {
        guard row.status == .active, let current else { return nil }
        var deadline = now + Int64(row.turnSeconds) * 1000
        if row.mode == .realtime {
            for seat in engine.turnSeats(in: current) {
                if let away = user(at: seat), away.connections == 0 {
                    deadline = min(deadline, max(now, (away.awaySince ?? now) + Int64(row.graceSeconds) * 1000))
                }
            }
        }
        return deadline
    }
}
