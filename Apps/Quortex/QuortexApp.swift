import AppFoundation
import QuortexUI
import SwiftUI

/// Quortex's entry point, and all it does: one window over the signed-in session. Every screen is
/// in QuortexUI, every rule in the feature models under it, so this file stays a shell.
@main
struct QuortexApp: App {
    @State private var session = SessionModel(brand: .quortex)

    var body: some Scene {
        WindowGroup {
            QuortexRootView(session: session)
        }
    }
}
