import Foundation
import ParlorAPI

/// Every leaderboard and any period of it (`listLeaderboards`, `getLeaderboard`). Both are
/// public reads of the API, so staff call them as they are, with nothing added.
extension ConsoleRoutes {
    func registerLeaderboards() {
        page("/console/leaderboards") { request in
            let boards = try await request.call { api in try await api.listLeaderboards(.init()).ok.body.json }.leaderboards
            let model = ["boards": boards.map(LeaderboardPage.BoardRow.init)]
            return .page(ConsolePage(title: "Leaderboards", template: "leaderboards", model: model, section: .leaderboards))
        }
        page("/console/leaderboards/:board") { request in
            let model = try await LeaderboardPage.load(request)
            return .page(ConsolePage(title: "Leaderboard: \(model.board.name) (\(model.board.game))", template: "leaderboard", model: model, section: .leaderboards))
        }
    }
}

struct LeaderboardPage {
    typealias Period = Components.Parameters.BoardPeriod

    struct BoardRow {
        var id: String
        var name: String
        var game: String
        var metric: String
        var aggregation: String
        var order: String
        var periods: [PeriodLink]

        init(_ board: Components.Schemas.Leaderboard) {
            id = board.id
            name = board.name
            game = board.game
            metric = board.metric
            aggregation = board.aggregation.rawValue
            order = board.order == .higher ? "higher first" : "lower first"
            periods = board.periods.map { PeriodLink(value: $0.rawValue, label: LeaderboardPage.label($0.rawValue), selected: false) }
        }
    }

    struct PeriodLink {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Row {
        var rank: Int
        var userId: String
        var username: String
        var displayName: String
        var score: String
    }

    var board: BoardRow
    var boardId: String
    var period: String
    var key: String
    /// The span asked for; empty for the period's current one.
    var keyFilter: String
    var total: String
    var periods: [PeriodLink]
    var rows: [Row]
    var pager: ConsolePager

    static func label(_ period: String) -> String {
        switch period {
        case "all_time": "All time"
        case "monthly": "Month"
        case "weekly": "Week"
        case "daily": "Day"
        default: period
        }
    }

    static func load(_ request: ConsoleRequest) async throws -> LeaderboardPage {
        let id = try request.parameter("board")
        let boards = try await request.call { api in try await api.listLeaderboards(.init()).ok.body.json }.leaderboards
        guard let board = boards.first(where: { $0.id == id }) else { throw ConsoleNotFound("There is no leaderboard “\(id)”.") }
        let filters = FilterReader(request)
        let period = try filters.choice("period", label: "The period", as: Period.self)
        if let period, !board.periods.contains(where: { $0.rawValue == period.rawValue }) {
            throw ConsoleProblem("“\(board.name)” is not kept by \(label(period.rawValue).lowercased()); it has: \(board.periods.map { label($0.rawValue) }.joined(separator: ", ")).")
        }
        let key = try filters.text("key", label: "The span", maxLength: 10)
        if let key, key.count < 3 { throw ConsoleProblem("The span “\(key)” is too short: it is like 2026-11, 2026-W48 or 2026-11-25.") }
        let cursor = try filters.cursor()
        let page = try await request.call { api in
            try await api.getLeaderboard(.init(path: .init(boardID: id), query: .init(period: period, key: key, cursor: cursor, limit: FilterReader.pageSize)))
                .ok.body.json
        }
        var row = BoardRow(board)
        row.periods = row.periods.map { PeriodLink(value: $0.value, label: $0.label, selected: $0.value == page.period) }
        return LeaderboardPage(
            board: row, boardId: row.id, period: label(page.period), key: page.key, keyFilter: key ?? "", total: ConsoleFormat.grouped(Int64(page.total)), periods: row.periods,
            rows: page.entries.map {
                Row(rank: $0.rank, userId: $0.user.id, username: $0.user.username, displayName: $0.user.displayName, score: ConsoleFormat.grouped($0.score))
            },
            pager: ConsolePager(path: request.path, query: filters.kept, nextCursor: page.next))
    }
}

extension ConsoleTemplates {
    static let leaderboards: [String: String] = [
        "leaderboards": #"""
            {{#page}}
            <section class="card">
            <table>
            <thead><tr><th>Board</th><th>Game</th><th>Metric</th><th>Kept as</th><th>Periods</th></tr></thead>
            <tbody>
            {{#boards}}
            <tr><td><a href="/console/leaderboards/{{id}}">{{name}}</a><br><code class="muted">{{id}}</code></td><td>{{game}}</td><td>{{metric}}</td><td>{{aggregation}}, {{order}}</td>
            <td>{{#periods}}<a href="/console/leaderboards/{{id}}?period={{value}}">{{label}}</a> {{/periods}}</td></tr>
            {{/boards}}
            {{^boards}}<tr><td colspan="5" class="muted">No game on this server keeps a leaderboard.</td></tr>{{/boards}}
            </tbody>
            </table>
            </section>
            {{/page}}
            """#,
        "leaderboard": #"""
            {{#page}}
            {{#board}}<p><a href="/console/leaderboards">All leaderboards</a> · <strong>{{name}}</strong> <code class="muted">{{id}}</code> · {{aggregation}}, {{order}}</p>{{/board}}
            <form class="filters card" method="get" action="/console/leaderboards/{{boardId}}">
            <label>Period <select name="period">{{#periods}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/periods}}</select></label>
            <label>Span <input name="key" value="{{keyFilter}}" maxlength="10" placeholder="the current one"></label>
            <button type="submit">Show</button>
            </form>
            <p class="muted small">A span is a month <code>2026-11</code>, an ISO week <code>2026-W48</code> or a day <code>2026-11-25</code>, in UTC; empty for the period's current one.</p>
            <section class="card">
            <h2>{{period}} · {{key}} <span class="muted">({{total}} entries)</span></h2>
            <table class="ranks">
            <thead><tr><th class="number">Rank</th><th>Player</th><th class="number">Score</th></tr></thead>
            <tbody>
            {{#rows}}<tr><td class="number">{{rank}}</td><td><a href="/console/users/{{userId}}">{{displayName}}</a> <span class="muted">@{{username}}</span></td><td class="number">{{score}}</td></tr>{{/rows}}
            {{^rows}}<tr><td colspan="3" class="muted">No entries in this period.</td></tr>{{/rows}}
            </tbody>
            </table>
            {{> pager}}
            </section>
            {{/page}}
            """#,
    ]
}
