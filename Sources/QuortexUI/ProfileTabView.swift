#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// The Profile tab: the player's profile, then their achievements, settings and the store.
struct ProfileTabView: View {
    let app: QuortexAppModel
    let screens: QuortexScreens

    var body: some View {
        List {
            Section {
                NavigationLink {
                    ProfileView(model: screens.profile)
                } label: {
                    Label(screens.user.displayName, systemImage: "person.crop.circle")
                }
                NavigationLink {
                    AchievementsView(model: screens.achievements)
                } label: {
                    Label("Achievements", systemImage: "rosette")
                }
            }
            Section {
                NavigationLink {
                    SettingsView(model: screens.settings, openStore: { app.openStore() })
                } label: {
                    Label("Settings", systemImage: "gearshape")
                }
                Button {
                    app.openStore()
                } label: {
                    Label("Store", systemImage: "bag")
                }
            }
        }
        .navigationTitle(QuortexTab.profile.title)
    }
}
#endif
