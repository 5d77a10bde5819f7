import Foundation
import GameCore
import ParlorServer

/// The real Parlor application on an ephemeral port over a fresh SQLite database, playing
/// `games`, for tests that drive a client against the real thing; `body` gets the server's URL.
/// `configure` changes the standard test services first.
public func withLiveParlorServer(
    games: GameRegistry, configure: @escaping @Sendable (inout ParlorServices) -> Void = { _ in },
    _ body: @escaping @Sendable @MainActor (URL) async throws -> Void
) async throws {
    try await withServer(ServerOptions(games: games, services: configure)) { try await body(try $0.url()) }
}
