import CrazyEights
import Foundation
import GameCore
import Quortex
import ServerTestSupport

/// The real Parlor application (Quortex and Crazy Eights) on an ephemeral port; `body` gets its URL.
func withPartyServer(_ body: @escaping @Sendable @MainActor (URL) async throws -> Void) async throws {
    try await withLiveParlorServer(games: GameRegistry([Quortex.self, CrazyEights.self]), body)
}
