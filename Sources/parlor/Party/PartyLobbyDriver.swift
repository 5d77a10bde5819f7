import CrazyEights
import GameSession
import TerminalPlay

/// Runs the lobby screen until the game starts (true) or the person leaves, is refused, removed,
/// or the session ends (false). The lobby is polled: the session's change stream has one reader,
/// and it is the table's.
struct PartyLobbyDriver {
    let terminal: Terminal

    private enum Event: Sendable {
        case key(Key)
        case tick
        case keysEnded
    }

    func run(
        _ screen: LobbyScreen, keys: AsyncStream<Key>, snapshot: @escaping @Sendable () async -> SessionSnapshot<CrazyEights>,
        perform: @escaping @Sendable (LobbyScreen.Command) async -> String?
    ) async -> Bool {
        var screen = screen
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let feeders = [
            Task {
                for await key in keys { sink.yield(.key(key)) }
                sink.yield(.keysEnded)
            },
            Task { while (try? await Task.sleep(for: .milliseconds(150))) != nil { sink.yield(.tick) } },
        ]
        defer { feeders.forEach { $0.cancel() } }
        var current = await snapshot()
        draw(screen, current)
        for await event in events {
            switch event {
            case .keysEnded:
                _ = await perform(.leave)
                return false
            case .tick:
                break
            case .key(let key):
                let command = screen.handle(key, lobby: current.lobby)
                if command != .none, let refusal = await perform(command) { screen.message = refusal }
                if command == .leave { return false }
            }
            current = await snapshot()
            if current.lobby?.phase == .playing { return true }
            draw(screen, current)
            if current.phase.isOver { return false }
        }
        return false
    }

    private func draw(_ screen: LobbyScreen, _ snapshot: SessionSnapshot<CrazyEights>) {
        let lines = screen.render(snapshot.lobby, phase: snapshot.phase, style: terminal.style)
        terminal.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n\u{1B}[J")
    }
}
