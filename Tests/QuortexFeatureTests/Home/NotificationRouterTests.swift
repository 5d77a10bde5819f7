import Foundation
import QuortexFeature
import Testing

/// The server's push payloads (ParlorNotifications' `GamePushes`) to routes.
@Suite struct NotificationRouterTests {
    let router = NotificationRouter()
    let game = UUID(uuidString: "6f1c2d3e-0000-4000-8000-00000000000a")!

    @Test func yourTurnAndGameOverOpenTheirGame() {
        let turn: [AnyHashable: Any] = ["aps": ["category": "GAME_TURN"], "type": "turn_notification", "gameId": game.uuidString.lowercased()]
        #expect(router.route(userInfo: turn) == .game(game))
        #expect(router.route(userInfo: turn, action: NotificationRouter.Action.open) == .game(game))
        let over: [AnyHashable: Any] = ["type": "game_over", "gameId": game.uuidString.lowercased(), "won": true]
        #expect(router.route(userInfo: over) == .game(game))
    }

    @Test func theInvitationsActionsAnswerIt() {
        let invite: [AnyHashable: Any] = ["type": "game_invitation", "gameId": game.uuidString.lowercased(), "invitationId": "inv-7"]
        #expect(router.route(userInfo: invite, action: NotificationRouter.Action.accept) == .acceptInvitation(id: "inv-7", game: game))
        #expect(router.route(userInfo: invite, action: NotificationRouter.Action.decline) == .declineInvitation(id: "inv-7"))
        #expect(router.route(userInfo: invite) == .game(game), "a tap shows the game invited to")
        #expect(router.route(userInfo: invite, action: NotificationRouter.Action.dismiss) == nil)
    }

    @Test func aPayloadWithoutAGameGoesNowhere() {
        #expect(router.route(userInfo: [:]) == nil)
        #expect(router.route(userInfo: ["gameId": "not-a-uuid"]) == nil)
        #expect(router.route(userInfo: ["gameId": 42]) == nil)
        #expect(router.route(userInfo: ["gameId": game.uuidString], action: NotificationRouter.Action.accept) == nil, "no invitation to accept")
    }
}
