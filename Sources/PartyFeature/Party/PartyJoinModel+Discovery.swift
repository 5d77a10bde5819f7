import CrazyEights
import PartyNetwork

/// Finding the lobby to join by discovery: the one named (by id or host name), the first open
/// Crazy Eights lobby when nobody chooses, or a list to choose from.
extension PartyJoinModel {
    /// Listens up to `wait`. With `choosing` and no name, waits a moment after the first lobby
    /// for the others around, and offers the list when there are several.
    public func find(_ filter: String?, wait: Duration, discoveryPort: Int, choosing: Bool) async {
        phase = .searching(filter: filter)
        let lobbies: AsyncStream<[DiscoveredLobby]>
        do {
            lobbies = try await network.browse()
        } catch {
            setPhase(.failed(error as? PartyFailure ?? .noLobbyHeard(filter: filter, discoveryPort: discoveryPort, wait: wait)))
            return
        }
        let wanted = filter?.lowercased()
        let matches: @Sendable (DiscoveredLobby) -> Bool = { lobby in
            if let wanted { return lobby.id.lowercased() == wanted || lobby.advertisement.hostName.lowercased() == wanted }
            return lobby.advertisement.game == CrazyEights.gameType && lobby.advertisement.isOpen
        }
        let interactive = filter == nil && choosing
        let (heard, heardOne) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let finder = Task { () -> [DiscoveredLobby] in
            var latest: [DiscoveredLobby] = []
            for await list in lobbies {
                latest = list.filter(matches)
                guard !latest.isEmpty else { continue }
                guard interactive else { return latest }
                heardOne.yield()
            }
            return latest
        }
        let clock = self.clock
        // A list to choose from waits a moment for the other lobbies around; the whole search
        // waits no longer than `wait`. Cancelling the finder ends its stream: it answers what it heard.
        let timers = [
            Task {
                for await _ in heard {
                    try? await clock.sleep(for: .milliseconds(1500))
                    finder.cancel()
                    return
                }
            },
            Task {
                try? await clock.sleep(for: wait)
                finder.cancel()
            },
        ]
        let found = await withTaskCancellationHandler { await finder.value } onCancel: { finder.cancel() }
        timers.forEach { $0.cancel() }
        heardOne.finish()
        guard let first = found.first else {
            setPhase(.failed(.noLobbyHeard(filter: filter, discoveryPort: discoveryPort, wait: wait)))
            return
        }
        if interactive, found.count > 1 {
            setPhase(.choosing(found))
        } else {
            settle(PartyJoinTarget(first))
        }
    }
}
