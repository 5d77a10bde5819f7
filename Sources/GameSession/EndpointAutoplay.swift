import GameCore

/// Plays a seat by itself: after every change of `endpoint` (and every `poll`, in case changes
/// coalesced) it asks `choose` for a move on the current view and makes it, until the session
/// ends or the match is over. Bots in a lobby, `--autoplay` in the terminal, and tests use it.
public enum EndpointAutoplay {
    public static func run<Module: GameModule>(
        _ endpoint: any GameSessionEndpoint<Module>, poll: Duration = .milliseconds(200),
        choose: @escaping @Sendable (Module.View) -> Module.Action?
    ) async {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let changes = endpoint.changes
        let feeders = [
            Task { for await _ in changes { wake.yield() } },
            Task { while (try? await Task.sleep(for: poll)) != nil { wake.yield() } },
        ]
        defer { feeders.forEach { $0.cancel() } }
        for await _ in wakes {
            let snapshot = await endpoint.snapshot()
            if snapshot.phase.isOver || snapshot.lobby?.phase == .finished { return }
            // An endpoint without a lobby (an online game) is playing once it has a view.
            guard snapshot.lobby.map({ $0.phase == .playing }) ?? true, !snapshot.isWaitingForHost, let view = snapshot.view, let action = choose(view)
            else { continue }
            // A view a little behind the host's may offer a move the host refuses; the next state corrects it.
            try? await endpoint.perform(action)
        }
    }
}
