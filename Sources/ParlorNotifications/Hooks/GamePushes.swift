import ApplePush
import Foundation
import ParlorAPI
import ParlorPlay
import SQLKit

/// Online play's notifications: your turn (turn-based games), an invitation, the game's end.
/// Payloads follow the seed's (Quortex §6.2): an alert, and `gameId` and `type` for the app.
package struct GamePushes: PlayPushHook {
    let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) { self.now = now }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    package func turnPassed(_ turn: TurnPassed, on sql: any SQLDatabase) async throws {
        let messages = turn.users.map { user in
            PushMessage(
                user: user, kind: .yourTurn,
                payload: Self.alert(
                    title: "Your Turn!", body: "\(turn.moverName) made their move in \(turn.gameName)", category: "GAME_TURN",
                    thread: turn.game, data: ["type": "turn_notification", "gameId": .string(turn.game.canonicalText)]),
                collapseID: "turn-\(turn.game.canonicalText)", dedupeKey: "turn/\(turn.game)/\(turn.seq)/\(user)")
        }
        try await PushOutbox.enqueue(messages, at: millis, on: sql)
    }

    package func invited(_ invitation: InvitationSent, on sql: any SQLDatabase) async throws {
        let message = PushMessage(
            user: invitation.to, kind: .invitation,
            payload: Self.alert(
                title: "Game Invitation", body: "\(invitation.fromName) invited you to play \(invitation.gameName)", category: "GAME_INVITE",
                thread: invitation.game,
                data: [
                    "type": "game_invitation", "gameId": .string(invitation.game.canonicalText), "invitationId": .string(invitation.invitation),
                ]),
            expiration: invitation.expiresAt / 1000, dedupeKey: "invitation/\(invitation.invitation)/\(invitation.expiresAt)")
        try await PushOutbox.enqueue([message], at: millis, on: sql)
    }

    package func ended(_ game: RecordedGame, name: String, on sql: any SQLDatabase) async throws {
        let winners = game.seats.filter { $0.statistics["won"] == 1 }.count
        let messages = game.seats.map { seat in
            let won = seat.statistics["won"] == 1
            let body = won ? (winners > 1 ? "A shared win in \(name)." : "You won at \(name)!") : "Your game of \(name) is over."
            return PushMessage(
                user: seat.user, kind: .gameOver,
                payload: Self.alert(
                    title: "Game Over", body: body, category: "GAME_OVER", thread: game.game,
                    data: ["type": "game_over", "gameId": .string(game.game.canonicalText), "won": .bool(won)]),
                collapseID: "turn-\(game.game.canonicalText)", dedupeKey: "game_over/\(game.game)/\(seat.user)")
        }
        try await PushOutbox.enqueue(messages, at: millis, on: sql)
    }

    /// A game alert: grouped by game on the lock screen, the app's data beside `aps`.
    static func alert(title: String, body: String, category: String, thread: UUID, data: [String: APNsValue]) -> Data {
        var alert = APNsAlert(title: title, body: body, category: category, threadID: thread.canonicalText, custom: data)
        alert.badge = 1
        return alert.payload()
    }
}
