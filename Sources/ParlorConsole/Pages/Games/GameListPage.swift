import Foundation
import ParlorAPI

/// Live and recent games, newest first, by status, type and player; one page at a time.
struct GameListPage {
    struct Option {
        var value: String
        var label: String
        var selected: Bool
    }

    var statuses: [Option]
    var types: [Option]
    var userID: String
    var games: [GameRow]
    var filtered: Bool
    var pager: ConsolePager

    static let statusLabels: [(Components.Schemas.GameStatus, String)] = [
        (.active, "Being played"), (.waiting, "Waiting"), (.completed, "Completed"), (.abandoned, "Abandoned"),
    ]

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let query = request.query
        let status = try query["status"].flatMap { $0.isEmpty ? nil : $0 }.map { text in
            guard let status = Components.Schemas.GameStatus(rawValue: text) else {
                throw ConsoleProblem("“\(text)” is not a game status: choose waiting, active, completed or abandoned.")
            }
            return status
        }
        let gameType = query["game_type"].flatMap { $0.isEmpty ? nil : $0 }
        let userID = query["user_id"]?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        let limit = query["limit"].flatMap(Int.init).map { min(max($0, 1), 100) } ?? 25
        let page = try await request.call { api in
            try await api.adminListGames(.init(query: .init(status: status, gameType: gameType, userId: userID, cursor: query["cursor"], limit: limit)))
                .ok.body.json
        }
        // The types this server plays; a type asked for that it no longer plays is still offered.
        var known = try await request.call { api in try await api.listGameCatalogue(.init()).ok.body.json }.games.map { ($0.id, $0.name) }
        if let gameType, !known.contains(where: { $0.0 == gameType }) { known.append((gameType, gameType)) }
        let model = GameListPage(
            statuses: statusLabels.map { Option(value: $0.0.rawValue, label: $0.1, selected: $0.0 == status) },
            types: known.map { Option(value: $0.0, label: $0.1, selected: $0.0 == gameType) },
            userID: userID ?? "", games: page.games.map(GameRow.init), filtered: status != nil || gameType != nil || userID != nil,
            pager: ConsolePager(path: request.path, query: query, nextCursor: page.next))
        return ConsolePage(title: "Games", template: "gamesList", model: model, section: .games)
    }
}

/// One game as a list row and as the head of its page.
struct GameRow {
    struct Player {
        var userID: String
        var name: String
        /// As people count: 1 first; `–` before the game starts.
        var seat: String
        /// As the API counts: 0 first.
        var seatIndex: Int?
        var resigned: Bool
        var online: Bool
        var winner: Bool
    }

    var id: String
    var shortID: String
    var gameType: String
    var mode: String
    var status: String
    var statusLabel: String
    var live: Bool
    var abandoned: Bool
    var players: [Player]
    var seats: String
    var moves: Int
    var createdAt: String
    var startedAt: String?
    var lastMoveAt: String?
    var endedAt: String?
    var result: String?

    init(_ game: Components.Schemas.AdminGameSummary) {
        id = game.id
        shortID = String(game.id.prefix(8))
        gameType = game.gameType
        mode = game.mode == .turnBased ? "turn-based" : "real-time"
        status = game.status.rawValue
        statusLabel = GameListPage.statusLabels.first { $0.0 == game.status }?.1 ?? game.status.rawValue
        live = game.status == .active
        abandoned = game.status == .abandoned
        let winners = Set(game.winners ?? [])
        players = game.players.sorted { ($0.seat ?? Int.max, $0.name) < ($1.seat ?? Int.max, $1.name) }.map {
            Player(
                userID: $0.userId, name: $0.name, seat: $0.seat.map { String($0 + 1) } ?? "–", seatIndex: $0.seat, resigned: $0.resigned, online: $0.connections > 0,
                winner: $0.seat.map(winners.contains) ?? false)
        }
        seats = game.seats.map { "\(game.players.count) of \($0)" } ?? String(game.players.count)
        moves = game.seq
        createdAt = ConsoleFormat.time(game.createdAt)
        startedAt = game.startedAt.map(ConsoleFormat.time)
        lastMoveAt = game.lastMoveAt.map(ConsoleFormat.time)
        endedAt = game.endedAt.map(ConsoleFormat.time)
        switch game.status {
        case .completed:
            let names = game.players.filter { $0.seat.map(winners.contains) ?? false }.map(\.name)
            result = (names.isEmpty ? "Nobody won" : "Won by \(names.joined(separator: " and "))") + (game.winType.map { " (\($0))" } ?? "")
        case .abandoned: result = "Ended with no result"
        case .waiting, .active: result = nil
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
