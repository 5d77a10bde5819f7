import GameCore
import GameSession

/// Runs a screen over a session endpoint: each key is handled and each change of the game
/// redraws the whole screen in place, until the game ends, the player leaves or input ends.
public struct TableDriver<Screen: TerminalScreen>: Sendable {
    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// The game is over, with the outcome as the player's view shows it.
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
    public let finalOutcome: (@Sendable () async -> GameOutcome?)?

    public init(
        endpoint: any GameSessionEndpoint<Screen.Module>, style: TerminalStyle, write: @escaping @Sendable (String) -> Void,
        finalOutcome: (@Sendable () async -> GameOutcome?)? = nil
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

    public func run(_ screen: Screen, keys: AsyncStream<Key>) async -> (Ending, Screen) {
        var screen = screen
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
        var snapshot = await endpoint.snapshot()
        // The refusal last put on screen: a host or server may refuse a move after `perform`
        // returned (a party joiner's move), so refusals are read from each snapshot too.
        var shownRefusal = snapshot.lastError
        draw(screen, snapshot)
        for await event in events {
            switch event {
            case .keysEnded:
                return (.inputClosed, screen)
            case .changed:
                break
            case .key(let key):
                switch screen.handle(key, in: await endpoint.snapshot()) {
                case .none: break
                case .quit: return (.left, screen)
                case .perform(let action):
                    do {
                        try await endpoint.perform(action)
                        shownRefusal = nil
                    } catch {
                        screen.message = screen.explain(error)
                        shownRefusal = error
                    }
                }
            }
            snapshot = await endpoint.snapshot()
            if let refusal = snapshot.lastError, refusal != shownRefusal {
                screen.message = screen.explain(refusal)
                shownRefusal = refusal
            }
            // A session's match is over when its lobby says so (the session itself goes on).
            if snapshot.phase.isOver || snapshot.lobby?.phase == .finished {
                var outcome = snapshot.view.flatMap(Screen.Module.outcome(in:))
                if outcome == nil, let finalOutcome {
                    outcome = await finalOutcome()
                    screen.chrome.outcome = outcome
                }
                draw(screen, snapshot)
                return (.finished(outcome), screen)
            }
            draw(screen, snapshot)
        }
        return (.inputClosed, screen)
    }

    /// The frame: home, every line cleared to its end, and everything below cleared, so a
    /// shorter frame leaves nothing of the last one behind.
    private func draw(_ screen: Screen, _ snapshot: SessionSnapshot<Screen.Module>) {
        let lines = screen.render(snapshot, style: style)
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n\u{1B}[J")
    }
}
