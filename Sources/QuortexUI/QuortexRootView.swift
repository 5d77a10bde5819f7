#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// Quortex's root screen: the sign-in (with offline practice beside it) while no one is signed
/// in, then five tabs over the signed-in player's screens. Links and notifications reach the app
/// model, which decides where they lead; this view only shows its state.
public struct QuortexRootView: View {
    @Bindable private var app: QuortexAppModel

    public init(app: QuortexAppModel) {
        self.app = app
    }

    public var body: some View {
        screen
            .task { [app] in await app.session.restore() }
            .onChange(of: app.session.user) { Task { [app] in await app.sessionChanged() } }
            .onOpenURL { url in Task { [app] in await app.open(url) } }
    }

    @ViewBuilder private var screen: some View {
        switch app.session.status {
        case .restoring:
            ProgressView()
        case .signedOut, .signingIn:
            SignedOutView(app: app)
        case .signedIn:
            if let screens = app.screens {
                QuortexTabsView(app: app, screens: screens)
            } else {
                ProgressView()
            }
        }
    }
}
#endif
