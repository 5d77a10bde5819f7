import Foundation
import GameCore
import HTTPTypes
import OpenAPIRuntime
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// The games routes: private games, moves, history, records, rematches, ratings.
extension PlayAPI {
    package func listGameCatalogue(_ input: Operations.ListGameCatalogue.Input) async throws -> Operations.ListGameCatalogue.Output {
        .ok(.init(body: .json(.init(games: play.games.engines.all.map { engine in
            .init(
                id: engine.gameType.rawValue, name: engine.catalogEntry.displayName, symbol: engine.catalogEntry.symbol,
                minPlayers: engine.policy.minPlayers, maxPlayers: engine.policy.maxPlayers, engineVersion: engine.engineVersion)
        }))))
    }

    package func createGame(_ input: Operations.CreateGame.Input) async throws -> Operations.CreateGame.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let settings = try body.settings.map { try JSONEncoder().encode($0) }
        let fields = GameRequestFields(mode: body.mode, timeoutPolicy: body.timeoutPolicy, turnSeconds: body.turnSeconds, graceSeconds: body.graceSeconds)
        try fields.validate()
        let game = try await play.games.create(
            .init(
                gameType: body.gameType, players: body.players, mode: fields.mode, settings: settings, turnSeconds: body.turnSeconds,
                graceSeconds: body.graceSeconds, timeoutPolicy: fields.timeoutPolicy),
            by: user.userID)
        return .created(.init(body: .json(try game.representation(for: user.userID))))
    }

    package func joinGameByCode(_ input: Operations.JoinGameByCode.Input) async throws -> Operations.JoinGameByCode.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let game = try await play.games.join(code: body.code, user: user.userID)
        return .ok(.init(body: .json(try game.representation(for: user.userID))))
    }

    package func getGame(_ input: Operations.GetGame.Input) async throws -> Operations.GetGame.Output {
        let user = try await accounts.authenticate()
        let game = try await play.games.live(try gameKey(input.path.gameID))
        try await ensureMayRead(game, user: user.userID)
        // Only a finished game can have a rematch; its players find the offer here.
        let rematch =
            game.row.status == .completed
            ? try await play.games.database.withConnection { sql in try await PlayStore.rematch(of: game.id, on: sql) } : nil
        return .ok(.init(body: .json(try game.representation(for: user.userID, withView: true, rematch: rematch))))
    }

    package func listGames(_ input: Operations.ListGames.Input) async throws -> Operations.ListGames.Output {
        let user = try await accounts.authenticate()
        let limit = try PageCursor.limit(input.query.limit, fallback: 20)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let status = input.query.status.flatMap { GameStatus(rawValue: $0.rawValue) }
        let benefits = play.games.hooks.benefits
        let now = play.games.millis
        let rows = try await play.games.database.withConnection { sql in
            // Finished games older than the caller's history window are not listed (a subscription keeps them all).
            let window = try await benefits?.historyWindow(of: user.userID, at: now, on: sql)
            return try await PlayStore.games(
                of: user.userID, status: status, before: cursor.map { ($0.time, $0.id) }, limit: limit + 1,
                finishedSince: window.map { now - $0 }, on: sql)
        }
        var games: [Components.Schemas.Game] = []
        for row in rows.prefix(limit) {
            games.append(try await play.games.live(row.id).representation(for: user.userID))
        }
        let next = rows.count > limit ? rows.prefix(limit).last.map { PageCursor(time: $0.createdAt, id: PlayStore.key($0.id)).token } : nil
        return .ok(.init(body: .json(.init(games: games, next: next))))
    }

    package func submitMove(_ input: Operations.SubmitMove.Input) async throws -> Operations.SubmitMove.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let action = try JSONEncoder().encode(body.action)
        let outcome = try await play.moves.move(
            try gameKey(input.path.gameID), user: user.userID, moveID: body.moveId, request: .action(.json(action)), expectedSeq: body.seq)
        return .ok(.init(body: .json(.init(seq: outcome.seq, repeated: outcome.repeated, game: try outcome.game.representation(for: user.userID, withView: true)))))
    }

    package func resignGame(_ input: Operations.ResignGame.Input) async throws -> Operations.ResignGame.Output {
        let user = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let outcome = try await play.moves.move(try gameKey(input.path.gameID), user: user.userID, moveID: body.moveId, request: .resign)
        return .ok(.init(body: .json(.init(seq: outcome.seq, repeated: outcome.repeated, game: try outcome.game.representation(for: user.userID, withView: true)))))
    }

    package func listMoves(_ input: Operations.ListMoves.Input) async throws -> Operations.ListMoves.Output {
        let user = try await accounts.authenticate()
        let game = try await play.games.live(try gameKey(input.path.gameID))
        try await ensureMayRead(game, user: user.userID)
        let moves = try game.entries.map { entry in
            Components.Schemas.MoveEntry(
                seq: entry.seq, seat: entry.seat, kind: entry.kind.rawValue,
                action: try entry.action.map { try JSONDecoder().decode(OpenAPIValueContainer.self, from: Data($0.utf8)) },
                at: Date(millis: entry.at))
        }
        return .ok(.init(body: .json(.init(moves: moves))))
    }

    package func getGameRecord(_ input: Operations.GetGameRecord.Input) async throws -> Operations.GetGameRecord.Output {
        let user = try await accounts.authenticate()
        let game = try await play.games.live(try gameKey(input.path.gameID))
        guard game.row.status == .completed, let outcome = game.row.outcome else { throw APIError.gameNotOver() }
        let record = try game.engine.recordJSON(
            settings: game.row.settings, seed: game.row.seed, seats: game.players, actions: game.entries.map { ($0.seat, $0.action) })
        return .ok(.init(body: .json(.init(
            record: try JSONDecoder().decode(OpenAPIObjectContainer.self, from: record),
            outcome: .init(winners: outcome.winners, winType: outcome.winType.rawValue),
            chat: try await play.chat.record(of: game, for: user.userID).map(Components.Schemas.ChatLine.init)))))
    }

    package func rematchGame(_ input: Operations.RematchGame.Input) async throws -> Operations.RematchGame.Output {
        let user = try await accounts.authenticate()
        let game = try await play.invitations.rematch(of: try gameKey(input.path.gameID), user: user.userID)
        return .ok(.init(body: .json(try game.representation(for: user.userID))))
    }

    package func getMyRatings(_ input: Operations.GetMyRatings.Input) async throws -> Operations.GetMyRatings.Output {
        let user = try await accounts.authenticate()
        let totals = try await play.games.database.withConnection { sql in try await RatingStore.all(of: user.userID, on: sql) }
        return .ok(.init(body: .json(.init(ratings: totals.map {
            .init(gameType: $0.game, rating: $0.rating, games: $0.games, wins: $0.wins, losses: $0.losses)
        }))))
    }

    func gameKey(_ text: String) throws -> UUID {
        guard let id = UUID(parsing: text) else { throw APIError.notFound("there is no game \(text)") }
        return id
    }
}
