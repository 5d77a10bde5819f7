#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// Settings in sections: notifications (the server's preferences), sound and haptics, the board's
/// theme (locked ones open the store), and the account (sign out, delete). The model decides
/// what each switch and row does; `openStore` is the app's, called when a locked theme is chosen.
public struct SettingsView: View {
    @Bindable private var model: SettingsModel
    private let openStore: @MainActor () -> Void

    public init(model: SettingsModel, openStore: @escaping @MainActor () -> Void) {
        self.model = model
        self.openStore = openStore
    }

    public var body: some View {
        Form {
            notifications
            Section("Sound and Haptics") {
                Toggle("Sound", isOn: $model.soundOn)
                Toggle("Haptics", isOn: $model.hapticsOn)
            }
            themes
            Section("Account") {
                Button("Sign Out") { Task { await model.signOut() } }
                Button(AccountDeletion.title, role: .destructive) { model.requestDeletion() }
                    .disabled(model.isDeleting)
            }
        }
        .navigationTitle("Settings")
        .task { await model.load() }
        // Back from the store, a pull re-reads what the player owns.
        .refreshable { await model.load() }
        .sheet(isPresented: $model.isReviewingDeletion) {
            AccountDeletionView(model: model)
        }
        .onChange(of: model.storeRequested) { _, requested in
            guard requested else { return }
            model.storeOpened()
            openStore()
        }
        .errorAlert(model.error, isPresented: $model.isShowingError) { model.dismissError() }
    }

    @ViewBuilder private var notifications: some View {
        Section("Notifications") {
            switch model.pushPhase {
            case .loading:
                ProgressView()
            case .failed(let error):
                Text(error.message).font(.footnote)
                Button("Try Again") { Task { await model.load() } }
            case .loaded(let preferences):
                ForEach(PushKind.allCases) { kind in
                    Toggle(kind.title, isOn: pushBinding(kind, preferences[kind]))
                        .disabled(model.changingPush.contains(kind))
                }
            }
        }
    }

    private var themes: some View {
        Section("Theme") {
            ForEach(model.themeOptions) { option in
                Button {
                    model.chooseTheme(option.theme)
                } label: {
                    HStack {
                        Text(option.title)
                        Spacer()
                        if option.isSelected {
                            Image(systemName: "checkmark")
                        } else if let unlock = option.unlockText {
                            Label(unlock, systemImage: "lock.fill").font(.footnote)
                        }
                    }
                }
            }
        }
    }

    /// A switch whose change is the model's intent (the server is asked; a refusal puts it back).
    private func pushBinding(_ kind: PushKind, _ isOn: Bool) -> Binding<Bool> {
        Binding(get: { isOn }, set: { @MainActor on in Task { await model.setPush(kind, on) } })
    }
}
#endif
