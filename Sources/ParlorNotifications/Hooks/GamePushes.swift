import ApplePush
import Foundation
import ParlorAPI
import ParlorPlay
import SQLKit

/// Online play's notifications: your turn (turn-based games, including the first turn of a game
/// that starts), an invitation, the game's end. Each goes to the app that plays the game's type.
/// Payloads follow the seed's (Quortex §6.2): an alert, and `gameId` and `type` for the app; the
/// alert's text is the app's own strings by key, in English beside them.
package struct GamePushes: PlayPushHook {
    let products: PushProducts
    let now: @Sendable () -> Date

    package init(products: PushProducts, now: @escaping @Sendable () -> Date) {
        self.products = products
        self.now = now
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    package func turnPassed(_ turn: TurnPassed, on sql: any SQLDatabase) async throws {
        let text: (body: String, key: String, args: [String])
        if let mover = turn.moverName {
            text = ("\(mover) made their move in \(turn.gameName)", "GAME_TURN_BODY", [mover, turn.gameName])
        } else {
            text = ("Your game of \(turn.gameName) has started: you move first", "GAME_STARTED_TURN_BODY", [turn.gameName])
        }
        let messages = turn.users.map { user in
            PushMessage(
                user: user, kind: .yourTurn, product: .playing(turn.gameType),
                payload: Self.alert(
                    title: "Your Turn!", body: text.body, category: "GAME_TURN", thread: turn.game,
                    localization: .init(titleKey: "GAME_TURN_TITLE", bodyKey: text.key, bodyArguments: text.args),
                    data: ["type": "turn_notification", "gameId": .string(turn.game.canonicalText)]),
                collapseID: "turn-\(turn.game.canonicalText)", dedupeKey: "turn/\(turn.game)/\(turn.seq)/\(user)")
        }
        try await PushOutbox.enqueue(messages, products: products, at: millis, on: sql)
    }

    package func invited(_ invitation: InvitationSent, on sql: any SQLDatabase) async throws {
        let message = PushMessage(
            user: invitation.to, kind: .invitation, product: .playing(invitation.gameType),
            payload: Self.alert(
                title: "Game Invitation", body: "\(invitation.fromName) invited you to play \(invitation.gameName)", category: "GAME_INVITE",
                thread: invitation.game,
                localization: .init(
                    titleKey: "GAME_INVITE_TITLE", bodyKey: "GAME_INVITE_BODY", bodyArguments: [invitation.fromName, invitation.gameName]),
                data: [
                    "type": "game_invitation", "gameId": .string(invitation.game.canonicalText), "invitationId": .string(invitation.invitation),
                ]),
            expiration: invitation.expiresAt / 1000, dedupeKey: "invitation/\(invitation.invitation)/\(invitation.expiresAt)")
        try await PushOutbox.enqueue([message], products: products, at: millis, on: sql)
    }

    package func ended(_ game: RecordedGame, name: String, on sql: any SQLDatabase) async throws {
        let winners = game.seats.filter { $0.statistics["won"] == 1 }.count
        let messages = game.seats.map { seat in
            let won = seat.statistics["won"] == 1
            let text: (body: String, key: String) =
                won
                ? (winners > 1 ? ("A shared win in \(name).", "GAME_OVER_SHARED_WIN_BODY") : ("You won at \(name)!", "GAME_OVER_WON_BODY"))
                : ("Your game of \(name) is over.", "GAME_OVER_BODY")
            return PushMessage(
                user: seat.user, kind: .gameOver, product: .playing(game.gameType),
                payload: Self.alert(
                    title: "Game Over", body: text.body, category: "GAME_OVER", thread: game.game,
                    localization: .init(titleKey: "GAME_OVER_TITLE", bodyKey: text.key, bodyArguments: [name]),
                    data: ["type": "game_over", "gameId": .string(game.game.canonicalText), "won": .bool(won)]),
                collapseID: "turn-\(game.game.canonicalText)", dedupeKey: "game_over/\(game.game)/\(seat.user)")
        }
        try await PushOutbox.enqueue(messages, products: products, at: millis, on: sql)
    }

    /// A game alert: grouped by game on the lock screen, the app's data beside `aps`.
    static func alert(
        title: String, body: String, category: String, thread: UUID, localization: APNsAlert.Localization, data: [String: APNsValue]
    ) -> Data {
        var alert = APNsAlert(title: title, body: body, category: category, threadID: thread.canonicalText, custom: data)
        alert.localization = localization
        alert.badge = 1
        return alert.payload()
    }
}
