import AppFoundation
import TandemUI
import SwiftUI

/// Tandem's entry point, and all it does: one window over the signed-in session. Every screen is
/// in TandemUI, every rule in the feature models under it, so this file stays a shell.
@main
struct TandemApp: App {
    @State private var session = SessionModel(brand: .tandem)

    var body: some Scene {
        WindowGroup {
            TandemRootView(session: session)
        }
    }
}
