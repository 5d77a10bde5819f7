import AppFoundation
import Foundation
import GameCore

/// One of the player's games as a list row shows it: who it is against and where it stands, in
/// the words the row prints, and the route that opens it.
public struct GameListing: Equatable, Sendable, Identifiable {
    public let id: String
    public let game: OnlineGameSummary
    /// "vs Olga and Gus", or "Private game" while nobody else has come.
    public let title: String
    /// "Your turn · 2 h left", "Olga's turn", "Waiting for 1 more player · code K7Q2PX", "You won".
    public let detail: String
    public let isYourTurn: Bool
    /// The game to open; nil for an id the server should never send (not a UUID).
    public let route: QuortexRoute?

    public init(_ game: OnlineGameSummary, now: Date) {
        id = game.id
        self.game = game
        isYourTurn = game.isYourTurn
        route = UUID(uuidString: game.id).map(QuortexRoute.game)
        let others = game.opponentNames
        title = others.isEmpty ? "Private game" : "vs " + Self.names(others)
        detail = Self.detail(game, now: now)
    }

    private static func detail(_ game: OnlineGameSummary, now: Date) -> String {
        switch game.status {
        case .waiting:
            let code = game.inviteCode.map { " · code \($0)" } ?? ""
            return "Waiting for \(game.missingPlayers) more player\(game.missingPlayers == 1 ? "" : "s")\(code)"
        case .active:
            let left = game.turnDeadline.map { " · " + timeLeft(until: $0, now: now) } ?? ""
            if game.isYourTurn { return "Your turn" + left }
            let movers = game.currentSeats.compactMap { game.seatNames[$0] }
            return (movers.isEmpty ? "Their turn" : names(movers) + "'s turn") + left
        case .completed:
            if game.abandoned { return "Cancelled · never started" }
            guard let outcome = game.outcome else { return "Finished" }
            if let seat = game.yourSeat, outcome.winners.contains(seat) { return outcome.winners.count > 1 ? "Shared win" : "You won" }
            if outcome.winners.isEmpty { return "Nobody won" }
            return names(outcome.winners.map { game.seatNames[$0] ?? "P\($0 + 1)" }) + " won"
        }
    }

    /// "45 s left", "12 min left", "5 h left", "2 days left", "time's up".
    static func timeLeft(until deadline: Date, now: Date) -> String {
        let seconds = Int(deadline.timeIntervalSince(now))
        switch seconds {
        case ..<1: return "time's up"
        case ..<60: return "\(seconds) s left"
        case ..<3_600: return "\(seconds / 60) min left"
        case ..<172_800: return "\(seconds / 3_600) h left"
        default: return "\(seconds / 86_400) days left"
        }
    }

    private static func names(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension [OnlineGameSummary] {
    /// Your turn first, then the rest; the most recently active first within each.
    public func yourTurnFirst() -> [OnlineGameSummary] {
        sorted { lhs, rhs in
            if lhs.isYourTurn != rhs.isYourTurn { return lhs.isYourTurn }
            return (lhs.lastActivity ?? .distantPast) > (rhs.lastActivity ?? .distantPast)
        }
    }
}
