#if canImport(SwiftUI)
import AppFoundation
import Quortex
import QuortexFeature
import SwiftUI

/// A practice game: the table (its board, message line, verdict and leave are the table view's),
/// then undo and hint with what is left of each and restart; the store's offer when an undo or
/// hint is refused; leaving the table closes the game.
public struct PracticeView: View {
    private let model: PracticeModel
    private let theme: QuortexTheme
    private let openStore: @MainActor () -> Void
    private let signIn: @MainActor () -> Void
    @Environment(\.dismiss) private var dismiss

    public init(
        model: PracticeModel, theme: QuortexTheme, openStore: @escaping @MainActor () -> Void, signIn: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.theme = theme
        self.openStore = openStore
        self.signIn = signIn
    }

    public var body: some View {
        VStack(spacing: 12) {
            QuortexTableView(model: model.table, theme: theme)
            if let note = model.recordingError {
                Text(note).font(.footnote).foregroundStyle(.secondary)
            }
            HStack {
                Button {
                    Task { await model.undo() }
                } label: {
                    Label("Undo · \(model.undoAllowance.text)", systemImage: "arrow.uturn.backward")
                }
                .disabled(!model.canUndo)
                Button {
                    Task { await model.showHint() }
                } label: {
                    Label("Hint · \(model.hintAllowance.text)", systemImage: "lightbulb")
                }
                .disabled(!model.canHint)
            }
            Button("Restart") { Task { await model.requestRestart() } }
        }
        .padding()
        .navigationTitle("Practice")
        .task { await model.follow() }
        .confirmationDialog("Deal a new game?", isPresented: confirmingRestart, titleVisibility: .visible) {
            Button("New Game", role: .destructive) { Task { await model.confirmRestart() } }
            Button("Keep Playing", role: .cancel) { model.cancelRestart() }
        }
        .onChange(of: model.table.table.hasLeft) { _, left in
            if left { dismiss() }
        }
        .alert(model.storeOffer?.title ?? "", isPresented: showsOffer) {
            if model.storeOffer?.needsSignIn == true {
                Button("Sign In") { signIn() }
            } else {
                Button("Open Store") { openStore() }
            }
            Button("Not Now", role: .cancel) { model.dismissStoreOffer() }
        } message: {
            Text(model.storeOffer?.message ?? "")
        }
        .alert(model.error?.title ?? "", isPresented: showsError) {
            if let recovery = model.error?.recovery {
                Button(recovery.label) { Task { await model.retry() } }
            }
            Button("OK", role: .cancel) { model.dismissError() }
        } message: {
            Text(model.error?.message ?? "")
        }
    }

    private var confirmingRestart: Binding<Bool> {
        let model = model
        return Binding(get: { @MainActor in model.isConfirmingRestart }, set: { @MainActor shown in if !shown { model.cancelRestart() } })
    }

    private var showsOffer: Binding<Bool> {
        let model = model
        return Binding(get: { @MainActor in model.storeOffer != nil }, set: { @MainActor shown in if !shown { model.dismissStoreOffer() } })
    }

    private var showsError: Binding<Bool> {
        let model = model
        return Binding(get: { @MainActor in model.error != nil }, set: { @MainActor shown in if !shown { model.dismissError() } })
    }
}
#endif
