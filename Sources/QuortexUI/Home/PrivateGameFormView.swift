#if canImport(SwiftUI)
import AppFoundation
import QuortexFeature
import SwiftUI

/// The private game sheet: players, real-time or turn-based, the time per turn; once made, its
/// invite code with a share link, and the way into the game.
struct PrivateGameFormView: View {
    @Bindable var model: QuortexHomeModel

    var body: some View {
        NavigationStack {
            Form {
                if let code = model.createdInviteCode {
                    Section("Invite code") {
                        Text(code).font(.headline)
                        if let link = model.shareLink {
                            ShareLink(item: link, message: model.shareMessage.map { Text($0) })
                        }
                        if let waiting = model.createdGameStatus {
                            Text(waiting)
                        }
                        Button("Open the game") { model.openCreatedGame() }
                    }
                } else {
                    Section("Game") {
                        Stepper("Players: \(model.privateGameForm.players)", value: $model.privateGameForm.players, in: PrivateGameForm.allowedPlayers)
                        Picker("Mode", selection: $model.privateGameForm.mode) {
                            ForEach(OnlineGameMode.allCases, id: \.self) { mode in
                                Text(mode.label).tag(mode)
                            }
                        }
                        Picker("Time per turn", selection: $model.privateGameForm.turnSeconds) {
                            ForEach(model.privateGameForm.turnChoices, id: \.self) { seconds in
                                Text(PrivateGameForm.label(turnSeconds: seconds)).tag(seconds)
                            }
                        }
                    }
                    ForEach(model.privateGameForm.problems, id: \.self) { problem in
                        Text(problem).font(.footnote)
                    }
                    Button("Create") { Task { await model.createPrivateGame() } }
                        .disabled(!model.canCreatePrivateGame)
                    if model.isCreating {
                        ProgressView()
                    }
                }
                if let error = model.error {
                    Section {
                        Text(error.title).font(.headline)
                        Text(error.message).font(.footnote)
                    }
                }
            }
            .navigationTitle("Private game")
        }
    }
}
#endif
