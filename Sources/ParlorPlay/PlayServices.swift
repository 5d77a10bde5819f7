import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorEvents

/// Online play's services, each its own type over the node's games: what the routes, the
/// real-time channel and the background loops are handed. Built once per node.
package struct PlayServices: Sendable {
    package let games: GameService
    package let moves: MoveService
    package let presence: PresenceService
    package let invitations: InvitationService
    package let quickMatch: QuickMatchService
    package let timers: TurnTimers
    /// The games' chat: stored, replayed, filtered and limited (`Chat/`).
    package let chat: ChatService

    package init(
        database: Database, accounts: AccountService, engines: GameEngines, bus: any EventBus,
        now: @escaping @Sendable () -> Date, logger: Logger, hooks: PlayHooks = PlayHooks(), chat: ChatConfiguration = ChatConfiguration()
    ) {
        let games = GameService(database: database, accounts: accounts, engines: engines, bus: bus, now: now, logger: logger, hooks: hooks)
        let moves = MoveService(games: games)
        self.games = games
        self.moves = moves
        self.presence = PresenceService(games: games)
        self.invitations = InvitationService(games: games)
        self.quickMatch = QuickMatchService(games: games)
        self.timers = TurnTimers(games: games, moves: moves)
        self.chat = ChatService(games: games, configuration: chat)
    }
}
