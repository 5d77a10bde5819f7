import PartyFeature

/// Runs the lobby screen until the lobby ends for this player: the game starts, the player
/// leaves (input ending leaves too), or the session ends. The lobby is read every `tick` (the
/// session's change stream has one reader, the table's) and the screen redrawn in place.
@MainActor
public struct LobbyDriver {
    public let style: TerminalStyle
    /// Writes a finished frame (escape sequences included) to the terminal.
    public let write: @Sendable (String) -> Void
    public let tick: Duration

    public init(style: TerminalStyle, write: @escaping @Sendable (String) -> Void, tick: Duration = .milliseconds(150)) {
        self.style = style
        self.write = write
        self.tick = tick
    }

    private enum Event: Sendable {
        case key(Key)
        case tick
        case keysEnded
    }

    public func run(_ screen: LobbyScreen, keys: AsyncStream<Key>) async -> LobbyExit {
        let model = screen.model
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let feeders = [
            Task {
                for await key in keys { sink.yield(.key(key)) }
                sink.yield(.keysEnded)
            },
            Task { [tick] in while (try? await Task.sleep(for: tick)) != nil { sink.yield(.tick) } },
        ]
        defer { feeders.forEach { $0.cancel() } }
        await model.refresh()
        draw(screen)
        for await event in events {
            switch event {
            case .keysEnded: await model.inputEnded()
            case .tick: break
            case .key(let key): await screen.handle(key)
            }
            if model.exit == .left { return .left }
            await model.refresh()
            if model.exit == .started { return .started }
            draw(screen)
            if let exit = model.exit { return exit }
        }
        return model.exit ?? .left
    }

    private func draw(_ screen: LobbyScreen) {
        let lines = screen.render(style: style)
        write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n\u{1B}[J")
    }
}
