import Foundation
import CrazyEights
import GameCore
import ParlorAPI
import ParlorClient
import Quortex

/// A game the load test can play: how a bot reads its own seat's view and picks its move. Bots see
/// only what the server sent to their seat, as a real client would.
protocol LoadtestGame: Sendable {
    associatedtype Action: Codable & Sendable
    associatedtype View: Codable & Sendable

    /// The move for `seat`, or nil when the view does not ask `seat` to move.
    func action(for seat: Int, in view: View, random: inout GameRandom) -> Action?

    /// The view in a `move_made` frame, read without `JSONDecoder` when the game's view is simple
    /// enough; nil to decode the frame instead.
    func scannedView(of message: RealtimeInbound) -> View?
}

extension LoadtestGame {
    func scannedView(of message: RealtimeInbound) -> View? { nil }
}

struct QuortexLoadtest: LoadtestGame {
    let bot: any QuortexBot

    func action(for seat: Int, in view: QuortexView, random: inout GameRandom) -> QuortexAction? {
        guard view.currentSeat == seat else { return nil }
        // A drawn tile that fits nowhere ends the game on the server; resigning keeps a bot that
        // disagrees from stalling the table.
        guard let placement = bot.choosePlacement(in: view.position, random: &random) else { return .resign }
        return .place(placement)
    }
}

/// The default Quortex player: a random one of the placements the server lists in the view of
/// the seat to move. It reads nothing else of the view (the board is never decoded) and runs no
/// rules of its own, so the generator spends its CPU on the sockets, not on playing well: the
/// heuristic bot and the full view cost the generator more CPU per move than the server.
struct QuortexRandomLoadtest: LoadtestGame {
    /// The one field of a view the random player needs, as the server wrote it; present only
    /// when the seat is to move. Only the placement played is parsed: parsing the hundred or so
    /// listed on every move would be a good part of the generator's CPU.
    struct View: Codable, Sendable {
        var legalPlacements: [String]?

        enum CodingKeys: String, CodingKey { case legalPlacements = "legal_placements" }

        init(legalPlacements: [String]?) { self.legalPlacements = legalPlacements }
    }

    /// A validating pass over the frame that builds only the placements' strings: decoding every
    /// frame whole would be most of the generator's CPU per move.
    func scannedView(of message: RealtimeInbound) -> View? {
        switch RealtimeFrameScanner.strings(at: ["view", "legal_placements"], in: message.data) {
        case .absent: return View(legalPlacements: nil)
        case .strings(let notations): return View(legalPlacements: notations)
        case nil: return nil
        }
    }

    /// A random listed placement; nil, to wait for the next view, when the one drawn is not a
    /// placement's notation (a server this build does not understand).
    func action(for seat: Int, in view: View, random: inout GameRandom) -> QuortexAction? {
        guard let legal = view.legalPlacements else { return nil }
        // A drawn tile that fits nowhere ends the game on the server; resigning keeps a bot that
        // disagrees from stalling the table.
        guard let notation = random.element(of: legal) else { return .resign }
        return Placement(notation: notation).map(QuortexAction.place)
    }
}

struct CrazyEightsLoadtest: LoadtestGame {
    let bot: any CrazyEightsBot

    func action(for seat: Int, in view: CrazyEightsView, random: inout GameRandom) -> CrazyEightsAction? {
        guard view.outcome == nil, view.turn == seat else { return nil }
        return bot.chooseAction(in: view, random: &random)
    }
}

/// The games `--game` accepts, with their limits and bots.
enum LoadtestGameChoice: CaseIterable {
    case quortex, crazyEights

    /// What the server calls the game (the module's id).
    var id: String {
        switch self {
        case .quortex: Quortex.gameType.rawValue
        case .crazyEights: CrazyEights.gameType.rawValue
        }
    }

    var players: ClosedRange<Int> {
        switch self {
        case .quortex: Quortex.policy.minPlayers...Quortex.policy.maxPlayers
        case .crazyEights: CrazyEights.policy.minPlayers...CrazyEights.policy.maxPlayers
        }
    }

    var botNames: [String] { ["random", "heuristic"] }

    /// `crazy_eights` is accepted too: the API's examples spell it so.
    init?(name: String) {
        let normalised = name.lowercased().replacingOccurrences(of: "_", with: "-")
        guard let match = Self.allCases.first(where: { $0.id == normalised }) else { return nil }
        self = match
    }
}
