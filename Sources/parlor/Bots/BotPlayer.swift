import Foundation
import GameCore
import OpenAPIRuntime
import ParlorAPI
import ParlorClient

/// One bot: a guest that enters quick match and plays its game to the end through the SDK.
struct BotPlayer: Sendable {
    let client: ParlorClient
    let brain: any BotBrain
    let game: String
    let players: Int
    let seed: UInt64

    struct Played: Sendable {
        var game: String
        var moves: Int
        var won: Bool
        var winType: String?
    }

    /// Plays one game; throws the first error (a refused move, a timeout, a failed call).
    func play(deadline: ContinuousClock.Instant) async throws -> Played {
        try await client.signIn(.guest(deviceID: "bot-\(UUID().uuidString)"))
        let api = client.api
        _ = try await parlorCall {
            try await api.enterQuickMatch(body: .json(.init(gameType: game, players: players, mode: "turn_based")))
        }
        var id: String?
        while id == nil {
            guard ContinuousClock.now < deadline else { throw BotFailure("no match in time") }
            let status = try await parlorCall { try await api.getQuickMatch().ok.body.json }
            id = status.match
            if id == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        guard let id else { throw BotFailure("no match") }
        var random = GameRandom(seed: GameSeed(seed))
        var moves = 0
        while true {
            guard ContinuousClock.now < deadline else { throw BotFailure("game \(id) did not end in time") }
            let game = try await parlorCall { try await api.getGame(path: .init(gameID: id)).ok.body.json }
            if game.status == .completed {
                let won = game.yourSeat.map { game.outcome?.winners.contains($0) ?? false } ?? false
                return Played(game: id, moves: moves, won: won, winType: game.outcome?.winType)
            }
            guard let seat = game.yourSeat, let view = game.view, game.currentSeats?.contains(seat) == true,
                let move = try brain.move(for: seat, viewJSON: try JSONEncoder().encode(view), random: &random)
            else {
                try await Task.sleep(for: .milliseconds(Int.random(in: 20...60)))
                continue
            }
            let sent = await submit(move, to: id, seq: game.seq)
            switch sent {
            case .success: moves += 1
            case .failure(let error) where error.code == "stale": continue  // the game moved on; read it again
            case .failure(let error): throw error
            }
        }
    }
}

extension BotPlayer {
    func submit(_ move: OpenAPIValueContainer, to game: String, seq: Int) async -> Result<Void, ParlorError> {
        let api = client.api
        do {
            _ = try await parlorCall {
                try await api.submitMove(path: .init(gameID: game), body: .json(.init(moveId: UUID().uuidString, action: move, seq: seq)))
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}

struct BotFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
