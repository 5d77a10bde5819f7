#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import Quortex
import QuortexFeature
import SwiftUI

/// No one is signed in: the shared sign-in screen, and practice against the bots, which needs
/// no account and no network.
struct SignedOutView: View {
    @Bindable var app: QuortexAppModel

    var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                SignInView(model: app.session)
                Button("Practice Offline") { app.showsOfflinePractice = true }
            }
            .sheet(isPresented: $app.showsOfflinePractice) {
                NavigationStack {
                    PracticeSetupView(
                        model: app.offlinePractice, theme: .standard, openStore: { app.openStore() }, signIn: { app.showSignIn() })
                }
            }
        }
    }
}
#endif
