import AppFoundation
import GameCore
import GameSession

/// Runs a screen's model over a session endpoint: each key goes to the model as an intent, each
/// change of the game refreshes it, and every event redraws the whole screen in place, until the
/// game ends, the player leaves or input ends. The model is `@MainActor`, so the loop runs there.
public struct TableDriver<Screen: TerminalScreen>: Sendable {
    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// The game is over, with the outcome as the view or the authority told it.
        case finished(GameOutcome?)
        /// The player confirmed leaving.
        case left
        /// Standard input ended (the terminal closed).
        case inputClosed
    }

    public let endpoint: any GameSessionEndpoint<Screen.Module>
    public let style: TerminalStyle
    /// Writes a finished frame (escape sequences included) to the terminal.
    public let write: @Sendable (String) -> Void
    /// Asks the authority how the game ended, for an end the player's view does not carry (the
    /// server records a Crazy Eights resignation outside the game's rules).
    public let finalOutcome: GameTableModel<Screen.Module>.FinalOutcome?

    public init(
        endpoint: any GameSessionEndpoint<Screen.Module>, style: TerminalStyle, write: @escaping @Sendable (String) -> Void,
        finalOutcome: GameTableModel<Screen.Module>.FinalOutcome? = nil
    ) {
        self.endpoint = endpoint
        self.style = style
        self.write = write
        self.finalOutcome = finalOutcome
    }

    private enum Event: Sendable {
        case key(Key)
        case changed
        case keysEnded
    }

    /// Makes the screen's model and plays on it; returns how it ended and the model (which says
    /// the ending in its words, ``Ending/summary(of:)``).
    @MainActor
    public func run(_ screen: Screen, keys: AsyncStream<Key>) async -> (Ending, Screen.Model) {
        let model = screen.makeModel(endpoint: endpoint, finalOutcome: finalOutcome)
        return (await run(screen, model: model, keys: keys), model)
    }

    /// Plays on a model made elsewhere (on `endpoint`).
    @MainActor
    public func run(_ screen: Screen, model: Screen.Model, keys: AsyncStream<Key>) async -> Ending {
        let table = model.table
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let changes = endpoint.changes
        let feeders = [
            Task {
                for await key in keys { sink.yield(.key(key)) }
                sink.yield(.keysEnded)
            },
            Task { for await _ in changes { sink.yield(.changed) } },
        ]
        defer { feeders.forEach { $0.cancel() } }
        await table.refresh()
        draw(screen, model)
        var iterator = events.makeAsyncIterator()
        while let event = await iterator.next(isolation: #isolation) {
            switch event {
            case .keysEnded:
                return .inputClosed
            case .changed:
                await table.refresh()
            case .key(let key):
                await screen.handle(key, model)
                if table.hasLeft { return .left }
                await table.refresh()
            }
            if table.sessionEnded {
                draw(screen, model)
                if screen.holdsFinalFrame { await waitForKey(&iterator) }
                return .finished(table.outcome)
            }
            draw(screen, model)
        }
        return .inputClosed
    }

    /// Keeps the last frame until a key (or the end of input); changes no longer matter.
    @MainActor
    private func waitForKey(_ iterator: inout AsyncStream<Event>.Iterator) async {
        while let event = await iterator.next(isolation: #isolation) {
            if case .changed = event { continue }
            return
        }
    }

    /// The frame: home, every line cleared to its end, and everything below cleared, so a
    /// shorter frame leaves nothing of the last one behind.
    @MainActor
    private func draw(_ screen: Screen, _ model: Screen.Model) {
        let lines = screen.render(model, style: style)
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n\u{1B}[J")
    }
}

extension TableDriver.Ending {
    /// The line left in the terminal after the game, in the words the table's header used.
    @MainActor
    public func summary<Model: GameTableFeature>(of model: Model) -> String {
        switch self {
        case .finished(let outcome?): model.table.verdict(for: outcome)
        case .finished(nil): "Game over."
        case .left: "You left the game."
        case .inputClosed: "Input ended; the game was left unfinished."
        }
    }
}
