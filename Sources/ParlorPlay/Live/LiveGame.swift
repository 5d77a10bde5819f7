import Foundation
import GameCore
import ParlorAccounts
import SQLKit

/// A game as one node holds it: the stored row and seats, every move, and the engine state after
/// the most recent moves (older states are dropped; a receiver that far behind gets a fresh view).
package struct LiveGame: Sendable {
    package static let keptStates = 16

    package var row: GameRow
    package var seats: [SeatRow]
    package let engine: any GameEngine
    package var entries: [MoveEntry]
    /// The states after the last few sequence numbers, newest last; empty while waiting.
    private(set) var states: [(seq: Int, state: EngineState)] = []

    package var current: EngineState? { states.last?.state }
    package var id: UUID { row.id }

    /// Loads a game and replays its record.
    static func load(_ id: UUID, engines: GameEngines, on sql: any SQLDatabase) async throws -> LiveGame? {
        guard let row = try await PlayStore.game(id, on: sql) else { return nil }
        guard let engine = engines.engine(row.gameType) else {
            throw GameError.unsupportedGameVersion("this server does not play \(row.gameType)")
        }
        let seats = try await PlayStore.seats(of: id, on: sql)
        let entries = row.wasPlayed ? try await PlayStore.moves(of: id, on: sql) : []
        return try assemble(row: row, seats: seats, engine: engine, entries: entries)
    }

    /// A game from its stored parts, its record replayed.
    package static func assemble(row: GameRow, seats: [SeatRow], engine: any GameEngine, entries: [MoveEntry]) throws -> LiveGame {
        var game = LiveGame(row: row, seats: seats, engine: engine, entries: [])
        guard row.wasPlayed else { return game }
        var state = try engine.start(settings: row.settings, seed: row.seed, seats: game.players)
        game.keep(state, at: 0)
        for entry in entries {
            state = try engine.replay(action: entry.action, by: entry.seat, on: state)
            game.keep(state, at: entry.seq)
        }
        game.entries = entries
        return game
    }

    /// The engine's players, in seat order.
    package var players: [GamePlayer] {
        seats.filter { $0.seat != nil }.sorted { ($0.seat ?? 0) < ($1.seat ?? 0) }.map { GamePlayer(id: $0.user, name: $0.name) }
    }

    package func seat(of user: String) -> Int? { seats.first { $0.user == user }?.seat }
    package func seatRow(of user: String) -> SeatRow? { seats.first { $0.user == user } }
    package func user(at seat: Int) -> SeatRow? { seats.first { $0.seat == seat } }

    package func state(at seq: Int) -> EngineState? { states.last { $0.seq == seq }?.state }

    /// The seq of a move id already applied for `seat`.
    package func appliedSeq(moveID: String, seat: Int) -> Int? {
        entries.last { $0.moveID == moveID && $0.seat == seat }?.seq
    }

    package mutating func keep(_ state: EngineState, at seq: Int) {
        states.append((seq, state))
        if states.count > Self.keptStates { states.removeFirst(states.count - Self.keptStates) }
    }

    /// This game after the move `notice` announces, when this copy is the game just before it
    /// and the move is all that changed (it does not end the game: an ending also writes results
    /// and ratings); nil otherwise. The rules are deterministic, so this is the stored game.
    package func advanced(by notice: GameNotice) -> LiveGame? {
        guard case .moved(_, let seq, let move?) = notice, seq == row.seq + 1, row.status == .active,
            let entry = move.entry(seq: seq), let current,
            let state = try? engine.replay(action: entry.action, by: entry.seat, on: current), engine.outcome(of: state) == nil
        else { return nil }
        var after = self
        after.append(entry, state: state)
        after.row.lastMoveAt = move.at
        after.row.deadlineAt = move.deadline
        return after
    }

    package mutating func append(_ entry: MoveEntry, state: EngineState) {
        entries.append(entry)
        row.seq = entry.seq
        keep(state, at: entry.seq)
    }
}
