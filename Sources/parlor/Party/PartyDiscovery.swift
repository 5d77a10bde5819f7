import Foundation
import CrazyEights
import GameCore
import PartyNetwork

/// Finds the lobby to join: the one named by `--lobby` (id or host name), the first open Crazy
/// Eights lobby when playing by itself, or the person's choice from a numbered list.
struct PartyDiscovery {
    let options: PartyOptions

    func find(_ filter: String?, wait: Duration) async throws -> DiscoveredLobby {
        let lobbies = try await options.discovery.browse()
        let wanted = filter?.lowercased()
        let matches: @Sendable (DiscoveredLobby) -> Bool = { lobby in
            if let wanted { return lobby.id.lowercased() == wanted || lobby.advertisement.hostName.lowercased() == wanted }
            return lobby.advertisement.game == CrazyEights.id && lobby.advertisement.isOpen
        }
        let interactive = filter == nil && !options.autoplay
        let finder = Task { () -> [DiscoveredLobby] in
            var heardAt: ContinuousClock.Instant?
            var latest: [DiscoveredLobby] = []
            for await list in lobbies {
                latest = list.filter(matches)
                guard !latest.isEmpty else { continue }
                // A list to choose from waits a moment for the other lobbies around.
                guard interactive else { return latest }
                if heardAt == nil { heardAt = .now }
                if let heardAt, ContinuousClock.now - heardAt > .milliseconds(1500) { return latest }
            }
            return latest
        }
        let timer = Task {
            try? await Task.sleep(for: wait)
            finder.cancel()
        }
        defer { timer.cancel() }
        let found = await finder.value
        let port = options.discoveryPort
        guard let first = found.first else {
            throw CommandFailure(.noInput, "no lobby\(filter.map { " '\($0)'" } ?? "") heard on UDP port \(port) within \(wait)")
        }
        guard interactive, found.count > 1 else { return first }
        for (index, lobby) in found.enumerated() { say("\(index + 1)) \(LocalParty.describe(lobby))") }
        FileHandle.standardOutput.write(Data("Join which lobby? [1-\(found.count)] ".utf8))
        guard let line = readLine(), let choice = Int(line.trimmingCharacters(in: .whitespaces)), found.indices.contains(choice - 1) else {
            throw CommandFailure(.usage, "no lobby chosen")
        }
        return found[choice - 1]
    }
}
