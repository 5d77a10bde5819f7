#if canImport(UserNotifications) && canImport(UIKit)
import UIKit
import UserNotifications
import ParlorClient

extension NotificationsClient {
    /// Over UNUserNotificationCenter and UIApplication.
    static func apple(registerDevice: @escaping @Sendable (String, String, Bool) async throws(ParlorError) -> Void) -> NotificationsClient {
        NotificationsClient(
            authorization: {
                switch await UNUserNotificationCenter.current().notificationSettings().authorizationStatus {
                case .authorized, .ephemeral: .authorized
                case .provisional: .provisional
                case .denied: .denied
                case .notDetermined: .notDetermined
                @unknown default: .notDetermined
                }
            },
            requestAuthorization: { try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) },
            registerForRemoteNotifications: { await UIApplication.shared.registerForRemoteNotifications() },
            registerDevice: registerDevice)
    }
}
#endif
