import AppFoundation
import PartyUI
import SwiftUI

/// OneForTheBoys' entry point, and all it does: one window over the signed-in session. Every screen is
/// in PartyUI, every rule in the feature models under it, so this file stays a shell.
@main
struct OneForTheBoysApp: App {
    @State private var session = SessionModel(brand: .oneForTheBoys)

    var body: some Scene {
        WindowGroup {
            PartyRootView(session: session)
        }
    }
}
