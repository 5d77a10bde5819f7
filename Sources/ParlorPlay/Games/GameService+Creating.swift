import Foundation
import GameCore
import HTTPTypes
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// New games: private ones with an invite code, and games made for known players (a rematch,
/// a quick match) that start as soon as they can.
extension GameService {
    struct NewGame: Sendable {
        var gameType: String
        var players: Int
        var mode: GameMode
        var settings: Data?
        var turnSeconds: Int?
        var graceSeconds: Int?
        var timeoutPolicy: TimeoutPolicy?
    }

    /// Creates a game for `user` and `members` (seated in that order of joining). A private game
    /// gets an invite code; a rematch does not. A game full at once starts in the same transaction.
    func create(_ request: NewGame, by user: String, rematchOf: UUID? = nil, members: [String] = []) async throws -> LiveGame {
        let engine = try engine(for: request)
        let everyone = [user] + members.filter { $0 != user }
        // A fresh code clashing with a live one fails the unique index; a new code is tried.
        for attempt in 1...3 {
            let row = try newRow(request, engine: engine, by: user, inviteCode: rematchOf == nil ? InviteCode.make() : nil, rematchOf: rematchOf)
            let made: (seats: [SeatRow], started: StartedGame?)
            do {
                let now = millis
                if everyone.count < row.players, database.dialect == .postgres {
                    // Nothing to start: the game and its seats are one statement, no transaction.
                    made = (try await database.withConnection { sql in try await PlayStore.insert(row, seating: everyone, on: sql) }, nil)
                } else {
                    made = try await database.transaction { sql in
                        let seats = try await PlayStore.insert(row, seating: everyone, on: sql)
                        return (seats, seats.count == row.players ? try await self.start(row.id, at: now, on: sql) : nil)
                    }
                }
            } catch {
                let codeTaken = try await database.withConnection { sql -> Bool in
                    guard let code = row.inviteCode else { return false }
                    return try await PlayStore.game(inviteCode: code, on: sql) != nil
                }
                if codeTaken, attempt < 3 { continue }
                throw error
            }
            if let started = made.started { return try await announce(started) }
            return cached(LiveGame(row: row, seats: made.seats, engine: engine, entries: []))
        }
        throw APIError(.serviceUnavailable, code: "busy", message: "no free invite code was found; try again")
    }

    /// The engine of the game `request` asks for, and its settings checked: a 400 otherwise.
    func engine(for request: NewGame) throws -> any GameEngine {
        guard let engine = engines.engine(request.gameType) else {
            throw APIError.invalidFields([FieldError(field: "game_type", message: "unknown game \"\(request.gameType)\"; see GET /games/catalogue")])
        }
        return engine
    }

    /// The row of a new waiting game, with its settings checked and canonical.
    func newRow(_ request: NewGame, engine: any GameEngine, by user: String, inviteCode: String?, rematchOf: UUID? = nil) throws -> GameRow {
        let settings: String
        do {
            settings = try engine.settings(request.settings, players: request.players)
        } catch {
            let field = engine.policy.accepts(playerCount: request.players) ? "settings" : "players"
            throw APIError.invalidFields([FieldError(field: field, message: error.message)])
        }
        return GameRow(
            id: UUID(), gameType: request.gameType, engineVersion: engine.engineVersion, mode: request.mode, players: request.players,
            inviteCode: inviteCode, settings: settings, seed: GameSeed(UInt64.random(in: 0...UInt64.max)),
            turnSeconds: request.turnSeconds ?? (request.mode == .realtime ? 60 : 3 * 24 * 3600), graceSeconds: request.graceSeconds ?? 30,
            timeoutPolicy: request.timeoutPolicy ?? (request.mode == .realtime ? .botMove : .forfeit), createdBy: user,
            createdAt: millis, rematchOf: rematchOf.map(PlayStore.key))
    }
}
