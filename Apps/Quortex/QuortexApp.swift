import AppFoundation
import QuortexFeature
import QuortexUI
import SwiftUI
import UIKit

/// Quortex's entry point, and all it does: one window over the app model, and the app delegate
/// for what only UIKit reports. Every screen is in QuortexUI, every rule in the feature models
/// under it, so this file stays a shell.
@main
struct QuortexApp: App {
    @UIApplicationDelegateAdaptor(QuortexAppDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            QuortexRootView(app: delegate.app)
        }
    }
}

/// Holds the app model for the app's life, installs the notification categories and their
/// handler at launch, and passes APNs' answer (the device token, or why there is none) on.
final class QuortexAppDelegate: NSObject, UIApplicationDelegate {
    let app = QuortexAppModel.live(sandbox: QuortexAppDelegate.pushSandbox, gameCenter: .gameKit, store: .storeKit)
    /// The notification center keeps its delegate weakly: it lives here.
    private lazy var notifications = QuortexNotificationsDelegate { [app] route in await app.go(route) }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        notifications.install()
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        Task { [app] in await app.push.didRegister(deviceToken: deviceToken) }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        app.push.didFailToRegister(error.localizedDescription)
    }

    /// A debug build is signed for APNs' sandbox; a release build for production.
    private static var pushSandbox: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }
}
