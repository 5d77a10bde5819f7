#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import QuortexFeature
import SwiftUI

/// Quortex's home (the seed's LobbyView): the games to continue, quick match with its wait, a
/// private game, joining by code, invitations and practice. Where a choice leads is the model's
/// `route`, which the app's root presents; the Game Center access point shows while Home does.
public struct HomeView: View {
    @Bindable private var model: QuortexHomeModel
    private let gameCenter: GameCenterMirror?

    public init(model: QuortexHomeModel, gameCenter: GameCenterMirror? = nil) {
        self.model = model
        self.gameCenter = gameCenter
    }

    public var body: some View {
        List {
            if let error = model.loadError {
                Section {
                    Text(error.title).font(.headline)
                    Text(error.message).font(.footnote)
                    Button(error.recovery?.label ?? "Try Again") { Task { await model.load() } }
                }
            }
            continueSection
            quickMatchSection
            friendsSection
            if !model.invitations.isEmpty {
                Section("Invitations") {
                    ForEach(model.invitations) { invitation in
                        InvitationRow(model: model, invitation: invitation)
                    }
                }
            }
            Section {
                Button("Practice against the bots") { model.openPractice() }
            }
        }
        .navigationTitle("Quortex")
        .task { await model.load() }
        .refreshable { await model.load() }
        .sheet(isPresented: $model.isShowingPrivateGameForm) {
            PrivateGameFormView(model: model)
        }
        .errorAlert(model.error, isPresented: $model.isShowingError) { model.dismissError() }
        .onAppear { gameCenter?.homeVisibilityChanged(true) }
        .onDisappear { gameCenter?.homeVisibilityChanged(false) }
    }

    private var continueSection: some View {
        Section("Continue") {
            if model.isEmpty {
                Text("No games in progress. Find one below.")
            }
            ForEach(model.continueGames) { listing in
                Button {
                    model.open(listing)
                } label: {
                    GameListingRow(listing: listing)
                }
            }
            Button("All turn-based games") { model.showAllGames() }
        }
    }

    private var quickMatchSection: some View {
        Section("Quick match") {
            Stepper("Players: \(model.quickMatchPlayers)", value: $model.quickMatchPlayers, in: QuortexHomeModel.quickMatchPlayerRange)
                .disabled(model.isSearching)
            Picker("Mode", selection: $model.quickMatchMode) {
                ForEach(OnlineGameMode.allCases, id: \.self) { mode in
                    Text(mode.label).tag(mode)
                }
            }
            .disabled(model.isSearching)
            if let wait = model.quickMatchWaitText {
                HStack {
                    ProgressView()
                    Text(wait)
                }
                Button("Cancel", role: .cancel) { Task { await model.cancelQuickMatch() } }
            } else {
                Button("Find a game") { Task { await model.startQuickMatch() } }
                    .disabled(!model.canStartQuickMatch)
            }
        }
    }

    private var friendsSection: some View {
        Section("Play with friends") {
            Button("Create a private game") { model.showPrivateGameForm() }
            TextField("Invite code", text: $model.joinCode)
                .autocorrectionDisabled()
            if let problem = model.joinCodeProblem {
                Text(problem).font(.footnote)
            }
            Button("Join") { Task { await model.join() } }
                .disabled(!model.canJoin)
        }
    }
}

/// An invitation received: who invited, to what, accept or decline.
private struct InvitationRow: View {
    let model: QuortexHomeModel
    let invitation: OnlineInvitation

    var body: some View {
        VStack(alignment: .leading) {
            Text(invitation.summary)
            HStack {
                Button("Accept") { Task { await model.accept(invitation) } }
                Button("Decline", role: .destructive) { Task { await model.decline(invitation) } }
            }
            .disabled(model.answering.contains(invitation.id))
        }
    }
}
#endif
