import ArgumentParser
import CrazyEights
import Foundation
import GameSession
import PartyFeature
import TerminalPlay

/// Hybrid mode: the same party, when there is no shared network, through a Parlor server, which
/// is then the authority. `parlor play --server`'s wiring of the online flow, with the party's
/// profile (named after `--name`) counting the match once, and the party's bot for `--autoplay`.
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
        let profiles = try await PartyProfileStore(directory: options.profileDirectory, name: options.name)
        // The same profile as local play counts the match, once: the server's game id is the match id.
        try await OnlinePlay(options: play, server: server, profiles: profiles.store)
            .play(CrazyEightsScreen.self, autoplay: options.autoplay ? PartyMatchText.botMove : nil) { CrazyEightsScreen(seatLabels: $0, quitPrompt: $1) }
    }
}
