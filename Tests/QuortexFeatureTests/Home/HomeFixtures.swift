import AppFoundation
import Foundation
import GameCore
import Quortex
import Synchronization

/// Games and invitations as the fake server of the Home and games-list tests answers them.
enum HomeFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let gameA = "6f1c2d3e-0000-4000-8000-00000000000a"
    static let gameB = "6f1c2d3e-0000-4000-8000-00000000000b"
    static let gameC = "6f1c2d3e-0000-4000-8000-00000000000c"
    static let gameD = "6f1c2d3e-0000-4000-8000-00000000000d"

    /// An active turn-based Quortex game between me (seat 0) and Olga, `mine` saying whose turn.
    static func active(_ id: String, mine: Bool, minutesAgo: Double, type: String = "quortex") -> OnlineGameSummary {
        OnlineGameSummary(
            id: id, status: .active, players: 2, joined: 2, seatNames: [0: "Me", 1: "Olga"], yourSeat: 0, gameType: type, mode: .turnBased,
            currentSeats: [mine ? 0 : 1], turnDeadline: now.addingTimeInterval(7_200),
            createdAt: now.addingTimeInterval(-minutesAgo * 60 - 60), startedAt: now.addingTimeInterval(-minutesAgo * 60))
    }

    static func waiting(_ id: String, code: String = "K7Q2PX") -> OnlineGameSummary {
        OnlineGameSummary(
            id: id, status: .waiting, players: 3, joined: 1, inviteCode: code, gameType: "quortex", mode: .turnBased,
            createdAt: now.addingTimeInterval(-30))
    }

    static func finished(_ id: String, won: Bool, hoursAgo: Double) -> OnlineGameSummary {
        OnlineGameSummary(
            id: id, status: .completed, players: 2, joined: 2, seatNames: [0: "Me", 1: "Olga"], yourSeat: 0,
            outcome: GameOutcome(winners: [won ? 0 : 1], winType: .flow), gameType: "quortex", mode: .turnBased,
            createdAt: now.addingTimeInterval(-hoursAgo * 3_600 - 600), endedAt: now.addingTimeInterval(-hoursAgo * 3_600))
    }

    static func invitation(_ id: String, game: String, type: String = "quortex") -> OnlineInvitation {
        var summary = waiting(game)
        summary.gameType = type
        summary.inviteCode = nil
        return OnlineInvitation(id: id, game: summary, fromName: "Olga", expiresAt: now.addingTimeInterval(86_400))
    }
}

/// What a test's fake server was asked, in order.
final class HomeCalls: Sendable {
    private let calls = Mutex<[String]>([])
    func append(_ call: String) { calls.withLock { $0.append(call) } }
    var all: [String] { calls.withLock { $0 } }
}
