#if canImport(UserNotifications)
import Foundation
import QuortexFeature
import UserNotifications

/// Quortex's notifications on the device: the invitation category's accept and decline actions,
/// and each notification the player opens or answers handed to ``NotificationRouter``, whose
/// route goes to `follow` (the Home model's `follow(_:)`, which answers invitations itself).
/// The app keeps one for its lifetime: the notification center holds its delegate weakly.
public final class QuortexNotificationsDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let router = NotificationRouter()
    private let follow: @MainActor @Sendable (QuortexRoute) async -> Void

    public init(follow: @escaping @MainActor @Sendable (QuortexRoute) async -> Void) {
        self.follow = follow
        super.init()
    }

    /// Registers the categories the server sends and becomes the center's delegate (at launch).
    public func install(on center: UNUserNotificationCenter = .current()) {
        let accept = UNNotificationAction(identifier: NotificationRouter.Action.accept, title: "Accept", options: [.foreground])
        let decline = UNNotificationAction(identifier: NotificationRouter.Action.decline, title: "Decline", options: [.destructive])
        center.setNotificationCategories([
            UNNotificationCategory(identifier: NotificationRouter.Category.invitation, actions: [accept, decline], intentIdentifiers: []),
            UNNotificationCategory(identifier: NotificationRouter.Category.turn, actions: [], intentIdentifiers: []),
            UNNotificationCategory(identifier: NotificationRouter.Category.gameOver, actions: [], intentIdentifiers: []),
        ])
        center.delegate = self
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard let route = router.route(userInfo: response.notification.request.content.userInfo, action: response.actionIdentifier) else { return }
        await follow(route)
    }

    /// In the app already: shown as a banner all the same (a turn in another game matters).
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        [.banner, .list, .sound]
    }
}
#endif
