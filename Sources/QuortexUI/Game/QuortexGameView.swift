#if canImport(SwiftUI)
import AppFoundation
import Quortex
import QuortexFeature
import SwiftUI

/// The online game screen: the network banner, the seat bar, the seating before the first
/// move, the board, the hint and resign buttons, the moves waiting to be sent, the chat of a
/// real-time game, and the game-over sheet. Every decision is the model's.
public struct QuortexGameView: View {
    @Bindable private var game: QuortexGameModel
    private let theme: QuortexTheme
    @Environment(\.dismiss) private var dismiss

    public init(game: QuortexGameModel, theme: QuortexTheme = .standard) {
        self.game = game
        self.theme = theme
    }

    public var body: some View {
        content
            .navigationTitle("Quortex")
            .task { await game.run() }
            .onChange(of: game.table?.table.hasLeft == true) { _, left in
                if left { Task { await game.leave() } }
            }
            .onChange(of: game.phase == .closed) { _, closed in
                if closed { dismiss() }
            }
            .confirmationDialog(game.resignQuestion, isPresented: resigning, titleVisibility: .visible) {
                Button("Resign", role: .destructive) { Task { await game.confirmResign() } }
                Button("Keep Playing", role: .cancel) { game.cancelResign() }
            }
            .alert(game.error?.title ?? "", isPresented: showingError) {
                Button("OK") { game.dismissError() }
            } message: {
                Text(game.error?.message ?? "")
            }
            .sheet(isPresented: $game.showsGameOver) {
                if let over = game.gameOver { QuortexGameOverSheet(model: over) }
            }
    }

    @ViewBuilder private var content: some View {
        switch game.phase {
        case .loading, .closed:
            ProgressView()
        case .failed(let error):
            VStack(spacing: 8) {
                Text(error.title).font(.headline)
                Text(error.message)
                Button(error.recovery?.label ?? "Try Again") { Task { await game.run() } }
            }
            .padding()
        case .playing:
            playing
        }
    }

    private var playing: some View {
        ScrollView {
            VStack(spacing: 12) {
                if let network = game.network { QuortexNetworkBanner(network: network) }
                QuortexSeatBar(seats: game.seats)
                if let waiting = game.waitingText { Text(waiting).foregroundStyle(.secondary) }
                if game.showsSeating { QuortexSeatingPanel(game: game) }
                if let table = game.table { QuortexTableView(model: table, theme: theme) }
                if let hint = game.hintText { Text(hint).font(.footnote) }
                HStack(spacing: 16) {
                    Button("Hint") { Task { await game.askHint() } }.disabled(!game.canAskHint)
                    Button("Resign", role: .destructive) { game.requestResign() }.disabled(!game.canResign)
                    if game.gameOver != nil { Button("Results") { game.showsGameOver = true } }
                }
                QuortexQueuedMovesList(game: game)
                if let chat = game.chat { QuortexChatPanel(chat: chat) }
            }
            .padding()
        }
    }

    private var resigning: Binding<Bool> {
        let game = game
        return Binding(get: { @MainActor in game.confirmingResign }, set: { @MainActor shown in if !shown { game.cancelResign() } })
    }

    private var showingError: Binding<Bool> {
        let game = game
        return Binding(get: { @MainActor in game.error != nil }, set: { @MainActor shown in if !shown { game.dismissError() } })
    }
}

/// Who sits where before the first move, until the player has seen it.
struct QuortexSeatingPanel: View {
    let game: QuortexGameModel

    var body: some View {
        VStack(spacing: 4) {
            Text("Seating").font(.headline)
            ForEach(game.seating, id: \.text) { camp in Text(camp.text) }
            Button("Ready") { game.dismissSeating() }
        }
    }
}
#endif
