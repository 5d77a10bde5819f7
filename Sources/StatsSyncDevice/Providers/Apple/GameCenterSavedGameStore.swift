import StatsSync

// Saved games are not offered on watchOS and (as far as we know) tvOS; left out there.
#if canImport(GameKit) && (os(iOS) || os(macOS) || os(visionOS))
    import Foundation
    import GameKit

    /// The whole event log as one Game Center saved game (`EventArchive`), provider name
    /// "game-center". Saved games live in the player's iCloud Drive; Game Center sign-in and iCloud
    /// are both needed.
    ///
    /// When two devices save without seeing each other's save, Game Center keeps both as
    /// conflicting saved games. Every load resolves such a conflict with the union of their event
    /// logs, never by picking one, unless one copy is unreadable (a newer format): then the
    /// conflict is left for a version that can read it, and the readable copies are used.
    public struct GameCenterSavedGameStore: StatsProvider {
        public let name = "game-center"
        public let savedGameName: String
        let now: @Sendable () -> Int64

        public init(
            savedGameName: String = "tandem-stats",
            now: @escaping @Sendable () -> Int64 = KeyValueSnapshotProvider.systemClock
        ) {
            self.savedGameName = savedGameName
            self.now = now
        }

        public func availability() async -> ProviderAvailability {
            // Read on the main actor: GameKit's player object is not documented as thread-safe.
            let signedIn = await MainActor.run { GKLocalPlayer.local.isAuthenticated }
            return signedIn ? .available : .unavailable(reason: "not signed in to Game Center")
        }

        public func fetch(missingFrom local: VersionVector, cursor: String?) async throws -> ProviderSnapshot {
            let log = try await load()
            return ProviderSnapshot(events: log.events(notCoveredBy: local), version: log.version)
        }

        public func push(_ events: [StatsEvent]) async throws {
            var log = try await load()
            guard !log.insert(contentsOf: events).isEmpty else { return }
            do {
                // A save racing another device's becomes a conflict, resolved by the next load.
                _ = try await GKLocalPlayer.local.saveGameData(EventArchive.encode(log), withName: savedGameName)
            } catch {
                throw Self.providerError(error)
            }
        }

        /// The saved game's events, resolving conflicting copies with their union.
        func load() async throws -> EventLog {
            do {
                // GameKit objects are not Sendable: each is created and used within this call only,
                // which stays nonisolated throughout. (Unverified here: if a future SDK puts
                // GKLocalPlayer on the main actor, this function should become @MainActor.)
                let player = GKLocalPlayer.local
                let games = try await player.fetchSavedGames().filter { $0.name == savedGameName }
                guard !games.isEmpty else { return EventLog() }
                var copies: [Data] = []
                for game in games { copies.append(try await game.loadData()) }
                let (log, unreadable) = EventArchive.union(copies, now: now())
                if games.count > 1 && unreadable == 0 {
                    _ = try await player.resolveConflictingSavedGames(games, with: EventArchive.encode(log))
                }
                return log
            } catch {
                throw Self.providerError(error)
            }
        }

        static func providerError(_ error: any Error) -> StatsProviderError {
            if let error = error as? StatsProviderError { return error }
            // Codes as documented for GKError; anything else is treated as worth retrying.
            guard let gameKit = error as? GKError else { return .transient("\(error.localizedDescription)") }
            switch gameKit.code {
            case .notAuthenticated, .userDenied, .parentalControlsBlocked, .ubiquityContainerUnavailable:
                return .unavailable(gameKit.localizedDescription)
            default:
                return .transient(gameKit.localizedDescription)
            }
        }
    }
#endif
