import Foundation
import GameCore
import ParlorDatabase

/// Who may follow a game, and whose chat and presence reach them. A game's players hear all of
/// it. Anyone else may only watch a game open to the public, and never one a player blocks them
/// from; whoever a player blocks, seated or not, gets none of that player's chat or presence
/// (and the blocker none of their chat). A refusal says no more than "not a player", so the
/// blocked user is not told.
extension LiveGame {
    /// Whether strangers may watch: only a game quick match made, of a kind that has spectators,
    /// while it is played. A game opened with an invite code and a rematch are their players'
    /// alone. A finished game takes no new spectators: its invite code is cleared as it ends, so
    /// its row no longer tells whether it was private (its record is served by the record route).
    package var admitsSpectators: Bool {
        engine.policy.supportsSpectators && !row.status.isOver && row.inviteCode == nil && row.rematchOf == nil
    }
}

extension PresenceService {
    /// Whether `user`, who has no seat at `game`, may follow it.
    func mayWatch(_ game: LiveGame, user: String) async throws -> Bool {
        guard game.admitsSpectators else { return false }
        guard let blocks = games.hooks.blocks else { return true }
        let players = game.seats.map(\.user)
        return try await database.withConnection { sql in try await blocks.blockers(of: user, among: players, on: sql) }.isEmpty
    }

    /// Whether `receiver`, who follows the game, is sent `line`. The players who block the sender,
    /// or whom the sender blocks, were named in the line when it was sent; anyone else following
    /// is asked about now, since who watches is known only to the node holding their socket.
    package func hears(_ line: ChatLine, in id: UUID, receiver: String) async throws -> Bool {
        guard receiver != line.user else { return true }
        guard !line.hiddenFrom.contains(receiver) else { return false }
        let game = try await live(id)
        if game.seatRow(of: receiver) != nil { return true }
        guard game.admitsSpectators else { return false }
        return try await !blocked(between: line.user, and: receiver)
    }

    /// Whether `receiver`, who follows the game, is told that `player` joined, left or came back:
    /// not when `player` blocks them (a blocker still sees whom they block come and go: at the
    /// same table, that is the game's own news).
    package func seesPresence(of player: String, in id: UUID, receiver: String) async throws -> Bool {
        guard receiver != player else { return true }
        let game = try await live(id)
        guard game.seatRow(of: receiver) != nil || game.admitsSpectators else { return false }
        guard let blocks = games.hooks.blocks else { return true }
        return try await database.withConnection { sql in try await blocks.blocked(by: player, among: [receiver], on: sql) }.isEmpty
    }

    /// The users among the game's other players who block `user` or whom `user` blocks.
    func blockedEitherWay(_ user: String, among others: [String]) async throws -> Set<String> {
        guard let blocks = games.hooks.blocks, !others.isEmpty else { return [] }
        let pairs = try await database.withConnection { sql in try await blocks.pairs(among: [user] + others, on: sql) }
        return Set(pairs.compactMap { pair in pair.blocker == user ? pair.blocked : pair.blocked == user ? pair.blocker : nil })
    }

    private func blocked(between one: String, and other: String) async throws -> Bool {
        try await !blockedEitherWay(one, among: [other]).isEmpty
    }
}
