import ArgumentParser
import CrazyEights
import Foundation
import GameSession
import TerminalPlay

/// Hybrid mode: the same party, when there is no shared network, through a Parlor server, which
/// is then the authority. The host creates a private game and gives out its invite code; friends
/// join with it. Crazy Eights plays through the SDK's online endpoint, the same `GameSessionEndpoint`
/// a local session offers, so the screens and the autoplay are the ones local play uses.
struct HybridParty {
    let options: PartyOptions
    let server: String

    func host(players: Int, settings: CrazyEightsSettings) async throws {
        try await play(["--invite", "--players", "\(players)"])
    }

    func join(code: String) async throws {
        try await play(["--code", code])
    }

    private func play(_ arguments: [String]) async throws {
        let profile = options.name.replacingOccurrences(of: " ", with: "_")
        var play = try PlayOptions.parse(["--server", server, "--profile", "party-\(profile)"] + arguments)
        play.noColor = options.noColor
        let profiles = try await PartyProfiles(options: options)
        let match = try await OnlinePlay(options: play, server: server)
            .play(CrazyEightsScreen.self, autoplay: options.autoplay ? LocalParty.botMove : nil) { CrazyEightsScreen(seatLabels: $0, quitPrompt: $1) }
        // The same profile as local play counts it, once: the server's game id is the match id.
        try await profiles.record(match.map { [$0] } ?? [])
    }
}
