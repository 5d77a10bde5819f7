import AppFoundation
import TopDogUI
import SwiftUI

/// TopDog's entry point, and all it does: one window over the signed-in session. Every screen is
/// in TopDogUI, every rule in the feature models under it, so this file stays a shell.
@main
struct TopDogApp: App {
    @State private var session = SessionModel(brand: .topDog)

    var body: some Scene {
        WindowGroup {
            TopDogRootView(session: session)
        }
    }
}
