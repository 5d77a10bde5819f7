import Foundation
import GameSession
import PlayerProfiles

/// The player's profile for party play, one per `--name` in `.parlor/party/`: a stable id (so a
/// restarted terminal rejoins its seat) and the stats each finished match is counted in once.
struct PartyProfiles {
    let store: ProfileStore
    /// What the lobby is shown.
    let profile: PlayerProfile

    init(options: PartyOptions) async throws {
        store = ProfileStore(directory: options.profileDirectory, defaultUsername: options.name)
        var loaded = try await store.load(recoverCorrupt: true)
        if loaded.username != options.name {
            let name = options.name
            loaded = (try? await store.update { profile -> PlayerProfile in
                profile.username = name
                return profile
            }) ?? loaded
        }
        profile = loaded.publicCopy
    }

    func record(_ matches: [FinishedMatch]) async throws {
        for match in matches { try await store.record(match, at: Date()) }
    }
}
