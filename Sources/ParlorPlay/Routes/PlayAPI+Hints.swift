import Foundation
import GameCore
import HTTPTypes
import OpenAPIRuntime
import ParlorAPI
import ParlorAccounts
import ParlorHTTP

extension PlayAPI {
    /// The strongest bot's move for the caller's turn, paid for with a hint (``PlayHintsHook``).
    package func getHint(_ input: Operations.GetHint.Input) async throws -> Operations.GetHint.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        guard let id = UUID(uuidString: input.path.gameID) else { throw APIError.invalidField("gameID", "must be a game id") }
        let game = try await play.games.live(id)
        guard let seat = game.seat(of: caller.userID) else { throw APIError.notAPlayer() }
        guard game.row.status == .active, let state = game.current else { throw APIError.notStarted() }
        guard game.engine.turnSeats(in: state).contains(seat) else {
            throw APIError(.conflict, code: "not_your_turn", message: "a hint is for your own turn")
        }
        guard let hints = play.games.hooks.hints, hints.sellsHints(for: game.row.gameType) else {
            throw APIError.notFound("\(game.engine.catalogEntry.displayName) has no hints")
        }
        // The same position always gets the same suggestion.
        let seed = game.row.seed.value &+ UInt64(game.row.seq) &* 0x9E37_79B9_7F4A_7C15
        guard let suggestion = try game.engine.hint(for: seat, in: state, seed: seed) else {
            throw APIError(.conflict, code: "no_hint", message: "there is no move to suggest")
        }
        let spent = try await hints.spendHint(
            body.hintId, user: caller.userID, gameType: game.row.gameType, answer: String(decoding: suggestion, as: UTF8.self))
        let action = try JSONDecoder().decode(OpenAPIValueContainer.self, from: Data(spent.answer.utf8))
        return .ok(.init(body: .json(.init(action: action, remaining: spent.remaining, charged: spent.charged, repeated: spent.repeated))))
    }
}
