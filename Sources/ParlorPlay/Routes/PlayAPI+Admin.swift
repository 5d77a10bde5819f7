import Foundation
import GameCore
import OpenAPIRuntime
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP

/// Staff's reads of games and nodes (`/admin/games`, `/admin/nodes`).
extension PlayAPI {
    package func adminListGames(_ input: Operations.AdminListGames.Input) async throws -> Operations.AdminListGames.Output {
        _ = try await accounts.requireStaff()
        let limit = try PageCursor.limit(input.query.limit)
        let cursor = try input.query.cursor.map(PageCursor.parse)
        let filter = PlayStore.GameFilter(
            status: input.query.status.flatMap { GameStatus(rawValue: $0.rawValue) }, gameType: input.query.gameType, player: input.query.userId)
        let (rows, seats) = try await play.games.database.withConnection { sql in
            let rows = try await PlayStore.games(matching: filter, before: cursor.map { ($0.time, $0.id) }, limit: limit + 1, on: sql)
            return (rows, try await PlayStore.seats(of: rows.prefix(limit).map(\.id), on: sql))
        }
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last.map { PageCursor(time: $0.createdAt, id: PlayStore.key($0.id)).token } : nil
        return .ok(.init(body: .json(.init(games: page.map { .init($0, seats: seats[$0.id] ?? []) }, next: next))))
    }

    package func adminGetGame(_ input: Operations.AdminGetGame.Input) async throws -> Operations.AdminGetGame.Output {
        _ = try await accounts.requireStaff()
        let game = try await play.games.live(try gameKey(input.path.gameID))
        let moves = try game.entries.map { entry in
            Components.Schemas.MoveEntry(
                seq: entry.seq, seat: entry.seat, kind: entry.kind.rawValue,
                action: try entry.action.map { try JSONDecoder().decode(OpenAPIValueContainer.self, from: Data($0.utf8)) },
                at: Date(millis: entry.at))
        }
        // The record replays from the seed, so it is shown only once nothing is hidden any more.
        let record = game.row.status == .completed
            ? try game.engine.recordJSON(
                settings: game.row.settings, seed: game.row.seed, seats: game.players, actions: game.entries.map { ($0.seat, $0.action) })
            : nil
        return .ok(.init(body: .json(.init(
            game: .init(game.row, seats: game.seats),
            settings: try? JSONDecoder().decode(Components.Schemas.AdminGameDetail.SettingsPayload.self, from: Data(game.row.settings.utf8)),
            moves: moves,
            record: try record.map { try JSONDecoder().decode(Components.Schemas.AdminGameDetail.RecordPayload.self, from: $0) }))))
    }

    package func adminListNodes(_ input: Operations.AdminListNodes.Input) async throws -> Operations.AdminListNodes.Output {
        _ = try await accounts.requireAdmin()
        let nodes = try await play.games.database.withConnection { sql in try await PlayStore.nodes(on: sql) }
        return .ok(.init(body: .json(.init(nodes: nodes.map {
            .init(
                id: $0.id, startedAt: Date(millis: $0.startedAt), seenAt: Date(millis: $0.seenAt), sockets: $0.sockets, users: $0.users,
                games: $0.games)
        }))))
    }
}

extension Components.Schemas.AdminGameSummary {
    init(_ row: GameRow, seats: [SeatRow]) {
        self.init(
            id: row.id.canonicalText, gameType: row.gameType, mode: .init(rawValue: row.mode.rawValue) ?? .realtime,
            status: .init(rawValue: row.status.rawValue) ?? .waiting,
            players: seats.map { .init(userId: $0.user, name: $0.name, seat: $0.seat, resigned: $0.resigned, connections: $0.connections) },
            seats: row.players, seq: row.seq, createdBy: row.createdBy, createdAt: Date(millis: row.createdAt),
            startedAt: row.startedAt.map(Date.init(millis:)), lastMoveAt: row.lastMoveAt.map(Date.init(millis:)),
            endedAt: row.endedAt.map(Date.init(millis:)), winners: row.outcome?.winners, winType: row.outcome?.winType.rawValue)
    }
}
