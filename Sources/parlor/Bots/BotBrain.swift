import CrazyEights
import Foundation
import GameCore
import OpenAPIRuntime
import Quortex

/// How a bot of one game reads its seat's view (as the server sent it) and picks its move.
protocol BotBrain: Sendable {
    /// The move for `seat` as the contract's JSON value, or nil when the view does not ask `seat` to move.
    func move(for seat: Int, viewJSON: Data, random: inout GameRandom) throws -> OpenAPIValueContainer?
}

struct QuortexBrain: BotBrain {
    let bot: any QuortexBot

    func move(for seat: Int, viewJSON: Data, random: inout GameRandom) throws -> OpenAPIValueContainer? {
        let view = try GameJSON.decoder().decode(QuortexView.self, from: viewJSON)
        guard view.currentSeat == seat else { return nil }
        // A tile that fits nowhere ends the game on the server; resigning keeps a disagreeing bot from stalling.
        let action = bot.choosePlacement(in: view.position, random: &random).map(QuortexAction.place) ?? .resign
        return try Self.value(action)
    }

    static func value(_ action: some Encodable) throws -> OpenAPIValueContainer {
        try JSONDecoder().decode(OpenAPIValueContainer.self, from: try GameJSON.encoder().encode(action))
    }
}

struct CrazyEightsBrain: BotBrain {
    let bot: any CrazyEightsBot

    func move(for seat: Int, viewJSON: Data, random: inout GameRandom) throws -> OpenAPIValueContainer? {
        let view = try GameJSON.decoder().decode(CrazyEightsView.self, from: viewJSON)
        guard view.outcome == nil, view.turn == seat, let action = bot.chooseAction(in: view, random: &random) else { return nil }
        return try QuortexBrain.value(action)
    }
}
