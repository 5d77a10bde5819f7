import CrazyEights
import GameSession
import PlayerProfiles

import struct Foundation.UUID

/// The host's match: started by itself once enough players are ready, played by itself, who is
/// away meanwhile, and its end.
extension PartyHostModel {
    /// Starts once `players` (the host included) are in and every joiner is ready.
    public func startWhenReady(players: Int) async {
        guard phase == .gathering, let host = link?.host else { return }
        do {
            while true {
                let lobby = await host.lobby
                if lobby.playerProfiles.count >= players, lobby.readyPlayerIDs.count == lobby.playerProfiles.count - 1 { break }
                try await clock.sleep(for: .milliseconds(100))
            }
            try await host.start()
            phase = .playing
        } catch let error as SessionError {
            phase = .failed(.sessionOver(.ended(reason: error.message)))
        } catch {
            // Cancelled: the screen went away.
        }
    }

    /// The players in the lobby now.
    public func playerCount() async -> Int {
        await link?.host.lobby.playerProfiles.count ?? 0
    }

    /// Plays the host's seat with the bot until the match ends.
    public func playByItself() async {
        guard phase == .playing, let host = link?.host else { return }
        await EndpointAutoplay.run(host, choose: PartyMatchText.botMove)
    }

    /// Follows who goes away (the host then plays their seat) and who comes back, telling
    /// `notice` each change as it happens, until cancelled.
    public func followAbsences(_ notice: @escaping @MainActor (String) -> Void) async {
        guard let host = link?.host else { return }
        var away: Set<UUID> = []
        while (try? await clock.sleep(for: .milliseconds(200))) != nil {
            let now = await host.lobby.awayPlayerIDs ?? []
            // Seats keep the names of players who left the lobby.
            let names = Dictionary(await host.core.seats.map { ($0.id, $0.username) }, uniquingKeysWith: { first, _ in first })
            for id in now.subtracting(away) { notice("\(names[id] ?? "A player") is away: the host plays their seat.") }
            for id in away.subtracting(now) { notice("\(names[id] ?? "A player") is back.") }
            away = now
            awayNamesChanged(now.map { names[$0] ?? "A player" }.sorted())
        }
    }

    /// The match is over (or the host left the table): counts it in the profile, says how it
    /// went, and ends the session for everyone.
    public func finish() async throws {
        guard let host = link?.host else { return }
        let snapshot = await host.snapshot()
        try await profiles.record(snapshot.finishedMatches)
        finished(result: PartyMatchText.result(snapshot), autopilot: await host.core.autopilotMoves)
        await host.end(reason: "The match is over")
    }

    /// Stops serving the lobby and its bots.
    public func close() {
        serving.forEach { $0.cancel() }
        serving = []
    }

    /// How many moves the host made for away players, in a line; nil when none.
    public var autopilotText: String? {
        autopilotMoves > 0 ? "The host played \(autopilotMoves) move\(autopilotMoves == 1 ? "" : "s") for players who were away." : nil
    }
}
