#if canImport(SwiftUI)
import Quortex
import QuortexFeature
import SwiftUI

/// Choosing a practice game: how many players, your seat, how hard each bot plays; Start
/// pushes the game, and leaving it comes back here.
public struct PracticeSetupView: View {
    @Bindable private var model: PracticeSetupModel
    private let theme: QuortexTheme
    private let openStore: @MainActor () -> Void
    private let signIn: @MainActor () -> Void

    public init(
        model: PracticeSetupModel, theme: QuortexTheme, openStore: @escaping @MainActor () -> Void, signIn: @escaping @MainActor () -> Void
    ) {
        self.model = model
        self.theme = theme
        self.openStore = openStore
        self.signIn = signIn
    }

    public var body: some View {
        Form {
            Section("Table") {
                Stepper("Players: \(model.seats)", value: $model.seats, in: PracticeSetup.seatRange)
                Picker("Your seat", selection: $model.yourSeat) {
                    ForEach(model.yourSeatChoices, id: \.self) { seat in
                        Text(model.seatName(seat)).tag(seat)
                    }
                }
            }
            Section("Bots") {
                Picker("Every bot", selection: everyBot) { difficulties }
                ForEach(model.botSeats, id: \.self) { seat in
                    Picker(model.seatName(seat), selection: difficulty(ofSeat: seat)) { difficulties }
                }
            }
            Section {
                if let problem = model.problem ?? model.startError {
                    Text(problem).foregroundStyle(.secondary)
                }
                Button("Start") { Task { await model.start() } }
                    .disabled(!model.canStart)
            }
        }
        .navigationTitle("Practice")
        .navigationDestination(isPresented: playing) {
            if let game = model.game {
                PracticeView(model: game, theme: theme, openStore: openStore, signIn: signIn)
            }
        }
    }

    private var difficulties: some View {
        ForEach(PracticeDifficulty.allCases) { difficulty in
            Text(difficulty.title).tag(difficulty)
        }
    }

    private var everyBot: Binding<PracticeDifficulty> {
        let model = model
        return Binding(get: { @MainActor in model.defaultDifficulty }, set: { @MainActor in model.setEveryBot($0) })
    }

    private func difficulty(ofSeat seat: Int) -> Binding<PracticeDifficulty> {
        let model = model
        return Binding(get: { @MainActor in model.difficulty(ofSeat: seat) }, set: { @MainActor in model.setDifficulty($0, forSeat: seat) })
    }

    /// The game is pushed while there is one; popping it ends it.
    private var playing: Binding<Bool> {
        let model = model
        return Binding(
            get: { @MainActor in model.game != nil },
            set: { @MainActor shown in
                if !shown { Task { await model.endGame() } }
            })
    }
}
#endif
