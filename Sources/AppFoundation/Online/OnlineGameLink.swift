import Foundation
import GameCore
import GameSession

/// A started online game, open for play: the endpoint the table binds to (the SDK's
/// `OnlineGameEndpoint` in the live value) and how to let it go.
public struct OnlineGameLink<Module: GameModule>: Sendable {
    public let endpoint: any GameSessionEndpoint<Module>
    /// Stops following the game and closes its real-time connection.
    public let close: @Sendable () async -> Void

    public init(endpoint: any GameSessionEndpoint<Module>, close: @escaping @Sendable () async -> Void) {
        self.endpoint = endpoint
        self.close = close
    }
}

/// Opens a started game as an endpoint of the game's own module. A protocol, not a closure,
/// because the opening is generic over the module and a stored closure cannot be.
public protocol OnlineGameOpening: Sendable {
    func open<Module: GameModule>(_ game: UUID, as module: Module.Type) async throws -> OnlineGameLink<Module>
}
