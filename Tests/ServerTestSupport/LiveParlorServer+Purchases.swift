import Foundation
import GameCore
import ParlorTestSupport

/// ``withLiveParlorServer(games:configure:_:)`` whose purchases trust `appStore`'s root instead of
/// Apple's and grant Sandbox purchases only, so a test can buy with transactions the fake App Store signs.
public func withLiveParlorServer(
    games: GameRegistry, appStore: FakeAppStore, _ body: @escaping @Sendable @MainActor (URL) async throws -> Void
) async throws {
    try await withServer(ServerOptions(games: games, appStore: appStore)) { try await body(try $0.url()) }
}
