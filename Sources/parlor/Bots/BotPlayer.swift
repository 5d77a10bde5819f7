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

    /// Plays one game; throws the first error (a refused move, a timeout, a failed call). The
    /// bot reads the game again on every real-time event about it (and every two seconds, in
    /// case the socket is reconnecting), as an app does, rather than polling.
    func play(deadline: ContinuousClock.Instant) async throws -> Played {
        try await client.signIn(.guest(deviceID: "bot-\(UUID().uuidString)"))
        guard let events = await client.realtime() else { throw BotFailure("the server URL has no WebSocket endpoint") }
        do {
            let played = try await play(following: events, deadline: deadline)
            await events.connection.close()
            return played
        } catch {
            await events.connection.close()
            throw error
        }
    }

    private func play(following events: RealtimeEvents, deadline: ContinuousClock.Instant) async throws -> Played {
        let api = client.api
        _ = try await parlorCall {
            try await api.enterQuickMatch(body: .json(.init(gameType: game, players: players, mode: "turn_based")))
        }
        var id: String?
        while id == nil {
            guard ContinuousClock.now < deadline else { throw BotFailure("no match in time") }
            let status = try await parlorCall { try await api.getQuickMatch().ok.body.json }
            id = status.match
            if id == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        guard let id, let gameID = UUID(uuidString: id) else { throw BotFailure("no match") }
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let stream = try await events.game(gameID)
        let listeners = [
            Task {
                for await _ in stream { wake.yield() }
            },
            Task {
                while !Task.isCancelled {
                    wake.yield()
                    try? await Task.sleep(for: .seconds(2))
                }
            },
        ]
        defer { listeners.forEach { $0.cancel() } }
        var random = GameRandom(seed: GameSeed(seed))
        var moves = 0
        for await _ in wakeups {
            guard ContinuousClock.now < deadline else { throw BotFailure("game \(id) did not end in time") }
            while true {
                let game = try await parlorCall { try await api.getGame(path: .init(gameID: id)).ok.body.json }
                if game.status == .completed || game.status == .abandoned {
                    let won = game.yourSeat.map { game.outcome?.winners.contains($0) ?? false } ?? false
                    return Played(game: id, moves: moves, won: won, winType: game.outcome?.winType)
                }
                guard let seat = game.yourSeat, let view = game.view, game.currentSeats?.contains(seat) == true,
                    let move = try brain.move(for: seat, viewJSON: try JSONEncoder().encode(view), random: &random)
                else { break }  // not this bot's turn: wait for the next event
                switch await submit(move, to: id, seq: game.seq) {
                case .success: moves += 1
                case .failure(let error) where error.code == "stale": continue  // the game moved on; read it again
                case .failure(let error): throw error
                }
            }
        }
        throw BotFailure("game \(id) was left unfinished")
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
