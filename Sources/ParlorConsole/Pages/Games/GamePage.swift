import Foundation
import OpenAPIRuntime
import ParlorAPI

/// A game's page: its players and seats, the position as a spectator sees it, the moves, the
/// chat (every stored line, removed ones marked) and the operator's actions.
struct GamePage {
    struct Move {
        var seq: Int
        var seat: String
        var player: String
        var kind: String
        var action: String
        var at: String
    }

    struct ChatLine {
        var id: String
        var name: String
        var seat: String
        var text: String
        var at: String
        var removed: String?
    }

    var gameID: String
    var game: GameRow
    var position: PositionView?
    var settings: String?
    var moves: [Move]
    var chat: [ChatLine]
    var pager: ConsolePager
    /// Seats that may still be resigned, for the resign form.
    var resignable: [GameRow.Player]
    var canEnd: Bool
    var back: String

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let id = try request.parameter("id")
        // A malformed id names no game; the API answers it 404 too, but the drawing needs a UUID.
        guard let key = UUID(uuidString: id) else { throw ConsoleNotFound("There is no game \(id).") }
        let detail = try await request.call { api in try await api.adminGetGame(.init(path: .init(gameID: id))).ok.body.json }
        let chat = try await request.call { api in
            try await api.adminListGameChat(.init(path: .init(gameID: id), query: .init(cursor: request.query["cursor"], limit: 50))).ok.body.json
        }
        let row = GameRow(detail.game)
        let names = Dictionary(detail.game.players.compactMap { player in player.seat.map { ($0, player.name) } }) { first, _ in first }
        let over = detail.game.status == .completed || detail.game.status == .abandoned
        let position = try await request.console.views.gamePosition(key).map { PositionView($0, over: over) }
        let model = GamePage(
            gameID: row.id, game: row, position: position, settings: detail.settings.flatMap { Self.json($0) },
            moves: detail.moves.map { move in
                Move(
                    seq: move.seq, seat: String(move.seat + 1), player: names[move.seat] ?? "", kind: move.kind,
                    action: move.action.flatMap { Self.json($0) } ?? "", at: ConsoleFormat.time(move.at))
            },
            chat: chat.lines.map { line in
                ChatLine(
                    id: line.id, name: line.name, seat: line.seat.map { String($0 + 1) } ?? "", text: line.text, at: ConsoleFormat.time(line.at),
                    removed: line.removedAt.map { "Removed \(ConsoleFormat.time($0))\(line.removedBy.map { " by \($0)" } ?? "")" })
            },
            pager: ConsolePager(path: request.path, query: request.query, nextCursor: chat.next),
            resignable: detail.game.status == .active ? row.players.filter { !$0.resigned && $0.seatIndex != nil } : [],
            canEnd: detail.game.status == .active || detail.game.status == .waiting,
            back: "/console/games/\(id)")
        return ConsolePage(title: "\(Self.typeName(row.gameType)) game \(row.shortID)", template: "gamesPage", model: model, section: .games)
    }

    /// The game's page, where every action on it goes back to.
    static func back(_ request: ConsoleRequest) -> String {
        let id = (try? request.parameter("id")) ?? ""
        return UUID(uuidString: id) == nil ? "/console/games" : "/console/games/\(id)"
    }

    static func typeName(_ type: String) -> String {
        switch type {
        case "quortex": "Quortex"
        case "crazy-eights": "Crazy Eights"
        default: type
        }
    }

    /// A value as compact JSON with sorted keys, for reading.
    private static func json(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
