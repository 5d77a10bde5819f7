#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// The signed-in app: Play (home, and the games and practice it opens), Games, Leaderboards,
/// Friends and Profile; the store over them all.
struct QuortexTabsView: View {
    @Bindable var app: QuortexAppModel
    let screens: QuortexScreens

    var body: some View {
        TabView(selection: $app.tab) {
            NavigationStack(path: $app.path) {
                HomeView(model: screens.home, gameCenter: screens.gameCenter)
                    .navigationDestination(for: QuortexRoute.self) { route in destination(route) }
            }
            .tabItem { Label(QuortexTab.home.title, systemImage: QuortexTab.home.systemImage) }
            .tag(QuortexTab.home)

            NavigationStack {
                TurnBasedGamesView(model: screens.games)
            }
            .tabItem { Label(QuortexTab.games.title, systemImage: QuortexTab.games.systemImage) }
            .tag(QuortexTab.games)

            NavigationStack {
                LeaderboardsView(model: screens.leaderboards)
            }
            .tabItem { Label(QuortexTab.leaderboards.title, systemImage: QuortexTab.leaderboards.systemImage) }
            .tag(QuortexTab.leaderboards)

            NavigationStack {
                FriendsView(model: screens.friends)
            }
            .tabItem { Label(QuortexTab.friends.title, systemImage: QuortexTab.friends.systemImage) }
            .tag(QuortexTab.friends)

            NavigationStack {
                ProfileTabView(app: app, screens: screens)
            }
            .tabItem { Label(QuortexTab.profile.title, systemImage: QuortexTab.profile.systemImage) }
            .tag(QuortexTab.profile)
        }
        .sheet(isPresented: $app.showsStore, onDismiss: { Task { [app] in await app.storeClosed() } }) {
            NavigationStack { StoreView(model: screens.store) }
        }
        .alert(app.notice ?? "", isPresented: noticeShown) {
            Button("OK") { app.dismissNotice() }
        }
        // Home and the games list ask for a screen by setting their route; the app presents it.
        .onChange(of: screens.home.route) { Task { [app] in await app.presentRequestedRoutes() } }
        .onChange(of: screens.games.route) { Task { [app] in await app.presentRequestedRoutes() } }
        .task { [app] in await app.runSignedIn() }
    }

    private var noticeShown: Binding<Bool> {
        let app = app
        return Binding(get: { @MainActor in app.notice != nil }, set: { @MainActor shown in if !shown { app.dismissNotice() } })
    }

    @ViewBuilder private func destination(_ route: QuortexRoute) -> some View {
        switch route {
        case .game(let id):
            let game = screens.game(id)
            QuortexGameView(game: game, theme: screens.settings.theme)
                .onChange(of: game.gameOver != nil) { _, ended in
                    if ended { Task { [app] in await app.onlineGameEnded() } }
                }
        case .practice:
            PracticeSetupView(
                model: screens.practice, theme: screens.settings.theme, openStore: { app.openStore() }, signIn: { app.showSignIn() })
        case .turnBasedGames:
            TurnBasedGamesView(model: screens.games)
        case .acceptInvitation, .declineInvitation:
            // Answered by the app model, never shown.
            EmptyView()
        }
    }
}
#endif
