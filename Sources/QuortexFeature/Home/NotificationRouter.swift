import Foundation

/// Where a Quortex notification takes the player: the server's payloads (ParlorNotifications'
/// `GamePushes`) carry `type`, `gameId` and, for an invitation, `invitationId`, with the
/// categories `GAME_TURN`, `GAME_INVITE` and `GAME_OVER`; the invitation's category has an
/// accept and a decline action. A tap opens the game; an action answers the invitation.
public struct NotificationRouter: Sendable {
    /// The categories the server sends.
    public enum Category {
        public static let turn = "GAME_TURN"
        public static let invitation = "GAME_INVITE"
        public static let gameOver = "GAME_OVER"
    }

    /// The invitation category's action identifiers (the app registers them with these ids).
    public enum Action {
        public static let accept = "ACCEPT_INVITATION"
        public static let decline = "DECLINE_INVITATION"
        /// UserNotifications' identifiers for a tap and a dismissal.
        public static let open = "com.apple.UNNotificationDefaultActionIdentifier"
        public static let dismiss = "com.apple.UNNotificationDismissActionIdentifier"
    }

    public init() {}

    /// The route for a notification's `userInfo` and the action the player chose (nil or
    /// ``Action/open`` for a tap); nil when the payload names no game or the player dismissed it.
    public func route(userInfo: [AnyHashable: Any], action: String? = nil) -> QuortexRoute? {
        guard action != Action.dismiss, let text = userInfo["gameId"] as? String, let game = UUID(uuidString: text) else { return nil }
        let invitation = (userInfo["invitationId"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        switch action {
        case Action.accept?: return invitation.map { .acceptInvitation(id: $0, game: game) }
        case Action.decline?: return invitation.map { .declineInvitation(id: $0) }
        default: return .game(game)
        }
    }
}
