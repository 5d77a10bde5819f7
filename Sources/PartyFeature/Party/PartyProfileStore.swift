import Foundation
import GameSession
import PlayerProfiles

/// The player's profile for party play, one per name in its own directory: a stable id (so a
/// restarted device rejoins its seat) and the stats each finished match is counted in once
/// (the host's match id, or the server's game id in hybrid play, is the key).
public struct PartyProfileStore: Sendable {
    public let store: ProfileStore
    /// What the lobby is shown: the profile without its private parts.
    public let profile: PlayerProfile

    /// Loads (or makes) the profile in `directory`, named `name`; a corrupt file is set aside.
    public init(directory: URL, name: String) async throws {
        store = ProfileStore(directory: directory, defaultUsername: name)
        var loaded = try await store.load(recoverCorrupt: true)
        if loaded.username != name {
            loaded =
                (try? await store.update { profile -> PlayerProfile in
                    profile.username = name
                    return profile
                }) ?? loaded
        }
        profile = loaded.publicCopy
    }

    public func record(_ matches: [FinishedMatch]) async throws {
        for match in matches { try await store.record(match, at: Date()) }
    }
}
