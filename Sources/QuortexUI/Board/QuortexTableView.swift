#if canImport(SwiftUI)
import AppFoundation
import Quortex
import QuortexFeature
import SwiftUI

/// A Quortex game at the table: whose turn and the clock, the board, the drawn tile with its
/// rotate and place buttons, the message line, the verdict at the end, and leaving after a
/// confirmation. Practice and online games embed it with their own model.
public struct QuortexTableView: View {
    private let model: QuortexTableModel
    private let theme: QuortexTheme

    public init(model: QuortexTableModel, theme: QuortexTheme = .standard) {
        self.model = model
        self.theme = theme
    }

    public var body: some View {
        VStack(spacing: 12) {
            QuortexTurnLine(model: model)
            QuortexBoardCanvas(model: model, theme: theme)
            QuortexTileTray(model: model, theme: theme)
            if let message = model.table.message {
                Text(message).font(.footnote)
            }
            if let verdict = model.table.verdict {
                Text(verdict).font(.headline)
                if let path = model.winningPathText { Text(path).font(.footnote).foregroundStyle(.secondary) }
            }
            Button("Leave", role: .destructive) { model.table.requestLeave() }
        }
        .padding()
        .confirmationDialog(
            model.table.leavePrompt,
            isPresented: confirmingLeave
        ) {
            Button("Leave", role: .destructive) { model.table.confirmLeave() }
            Button("Stay", role: .cancel) { model.table.stay() }
        }
        .sensoryFeedback(trigger: model.feedback) { model.feedback?.haptic.map(Self.sensory) }
        .task { await model.table.follow() }
    }

    /// The leave dialog is shown while the table asks; dismissing it is staying.
    private var confirmingLeave: Binding<Bool> {
        let table = model.table
        return Binding(get: { @MainActor in table.isConfirmingLeave }, set: { @MainActor shown in if !shown { table.stay() } })
    }

    private static func sensory(_ haptic: QuortexFeedback.Haptic) -> SensoryFeedback {
        switch haptic {
        case .success: .success
        case .error: .error
        case .warning: .warning
        case .impact: .impact
        }
    }
}

/// Whose turn it is, with the time left when the game has a turn clock.
struct QuortexTurnLine: View {
    let model: QuortexTableModel

    var body: some View {
        TimelineView(.periodic(from: Date(), by: 1)) { timeline in
            if let clock = model.turnClock(at: timeline.date) {
                Text(clock.text).font(clock.isUrgent ? .headline : .subheadline)
            } else {
                Text(model.turnText).font(.subheadline)
            }
        }
    }
}

/// The drawn tile as it is turned, the buttons that turn it and the one that places it.
struct QuortexTileTray: View {
    let model: QuortexTableModel
    let theme: QuortexTheme

    var body: some View {
        if let tile = model.board?.drawnTile, model.isMyTurn {
            HStack(spacing: 16) {
                Button("Turn left") { model.rotate(steps: -1) }
                Canvas { context, size in
                    let centre = Point(x: Double(size.width) / 2, y: Double(size.height) / 2)
                    let shape = QuortexBoardDrawing.drawnTile(
                        tile.tile, around: centre, size: Double(min(size.width, size.height)) / 2, theme: theme)
                    QuortexCanvasPainter(context: context).paint(shape)
                }
                .frame(width: 64, height: 64)
                Button("Turn right") { model.rotate(steps: 1) }
                Button("Place") { Task { await model.place() } }
                    .disabled(!model.cursorIsLegal || model.isAwaitingAuthority)
            }
        } else if model.isAwaitingAuthority {
            ProgressView()
        }
    }
}
#endif
