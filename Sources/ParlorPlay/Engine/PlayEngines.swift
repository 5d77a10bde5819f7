import CrazyEights
import GameCore
import ParlorAccounts
import ParlorHTTP
import Quortex

/// The games this server plays online, by id.
package struct PlayEngines: Sendable {
    private let engines: [GameID: any PlayEngine]
    let order: [GameID]

    init(_ engines: [any PlayEngine]) {
        self.engines = Dictionary(engines.map { ($0.gameID, $0) }, uniquingKeysWith: { first, _ in first })
        self.order = engines.map(\.gameID)
    }

    func engine(_ id: String) -> (any PlayEngine)? { engines[GameID(rawValue: id)] }

    var all: [any PlayEngine] { order.compactMap { engines[$0] } }

    /// Quortex and Crazy Eights.
    package static let standard = PlayEngines([
        ModuleEngine<Quortex>(
            turnSeats: { [$0.currentSeat] },
            bot: { state, seat, random in
                guard seat == state.currentSeat else { return nil }
                return QuortexBotKind.heuristic.bot.choosePlacement(in: state.position, random: &random).map(QuortexAction.place)
            },
            resign: .resign),
        ModuleEngine<CrazyEights>(
            turnSeats: { [$0.turn] },
            bot: { state, seat, random in
                CrazyEightsBotKind.heuristic.bot.chooseAction(in: CrazyEights.view(of: state, for: .player(seat: seat)), random: &random)
            },
            resign: nil),
    ])
}
