import AppFoundation
import PubGamesUI
import SwiftUI

/// PubGames's entry point, and all it does: one window over the signed-in session. Every screen is
/// in PubGamesUI, every rule in the feature models under it, so this file stays a shell.
@main
struct PubGamesApp: App {
    @State private var session = SessionModel(brand: .pubGames)

    var body: some Scene {
        WindowGroup {
            PubGamesRootView(session: session)
        }
    }
}
