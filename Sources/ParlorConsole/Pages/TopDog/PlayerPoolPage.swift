import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI

/// `/console/topdog/players`: the draftable pool, and a CSV import through the admin API. The
/// importer checks every row first: one bad field imports nothing, and every problem is listed.
extension ConsoleRoutes {
    func registerTopDogPlayers() {
        page("/console/topdog/players", role: .admin) { request in .page(try await PlayerPoolPage.load(request, problems: nil)) }
        action("/console/topdog/players/import", role: .admin, back: { _ in "/console/topdog/players" }) { request in
            guard let upload = request.form.files["csv"], !upload.bytes.isEmpty else { throw ConsoleProblem("Choose a CSV file to import.") }
            guard let text = upload.text else { throw ConsoleProblem("\(upload.filename) is not UTF-8 text; save it as CSV (UTF-8) and try again.") }
            let reason = try request.form.required("reason", label: "A reason")
            let answer = try await request.call { api in
                try await api.adminImportTopDogPlayers(.init(body: .json(.init(csv: text, reason: reason))))
            }
            switch answer {
            case .ok(let ok):
                let result = try ok.body.json
                return .redirect(
                    "/console/topdog/players",
                    notice: "Imported \(result.imported) players from \(upload.filename): \(result.added) new, \(result.updated) updated.")
            case .unprocessableContent(let refused):
                let refusal = try refused.body.json.error
                let problems = PlayerPoolPage.Refusal(
                    filename: upload.filename, message: refusal.message.prefix(1).uppercased() + refusal.message.dropFirst(),
                    problems: refusal.problems.map { .init(line: $0.line, field: $0.field, message: $0.message) })
                return .page(try await PlayerPoolPage.load(request, problems: problems))
            case .badRequest(let bad): throw ConsoleProblem(Self.message(of: try bad.body.json))
            case .contentTooLarge(let large): throw ConsoleProblem(Self.message(of: try large.body.json))
            default: throw ConsoleProblem("The import was refused; the server log has the details.")
            }
        }
    }

    fileprivate static func message(of envelope: Components.Schemas.ErrorEnvelope) -> String {
        let message = envelope.error.message
        return message.prefix(1).uppercased() + message.dropFirst()
    }
}

struct PlayerPoolPage {
    struct Row {
        var rank: Int
        var id: String
        var name: String
        var position: String
        var team: String
        var byeWeek: Int
        var adp: String
        var projected: String
    }

    struct Problem {
        var line: Int
        var field: String
        var message: String
    }

    /// Why the last upload imported nothing: shown in place, not as a one-line notice, since a
    /// file can have hundreds of problems.
    struct Refusal {
        var filename: String
        var message: String
        var problems: [Problem]
    }

    struct Choice {
        var value: String
        var selected: Bool
    }

    var players: [Row]
    var total: String
    var search: String
    var positions: [Choice]
    var refusal: Refusal?
    var columns: String
    var pager: ConsolePager

    static let pageSize = 100

    static func load(_ request: ConsoleRequest, problems: Refusal?) async throws -> ConsolePage {
        let search = request.query["search"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let position = request.query["position"].flatMap(Components.Schemas.TopDogPosition.init(rawValue:))
        let list = try await request.call { api in
            try await api.listTopDogPlayers(.init(query: .init(position: position, search: search.isEmpty ? nil : String(search.prefix(60)))))
        }.ok.body.json.players
        // The API answers the whole pool at once; the console shows it a hundred at a time.
        let offset = max(0, min(Int(request.query["cursor"] ?? "") ?? 0, list.count))
        let shown = list[offset..<min(offset + pageSize, list.count)]
        let next = offset + pageSize < list.count ? String(offset + pageSize) : nil
        let model = PlayerPoolPage(
            players: shown.map {
                Row(
                    rank: $0.rank, id: $0.id, name: $0.name, position: $0.position.rawValue, team: $0.team, byeWeek: $0.byeWeek,
                    adp: String(format: "%.2f", $0.adp), projected: String(format: "%.2f", $0.projectedPoints))
            },
            total: ConsoleFormat.grouped(Int64(list.count)), search: search,
            positions: Components.Schemas.TopDogPosition.allCases.map { Choice(value: $0.rawValue, selected: $0 == position) }, refusal: problems,
            columns: "id, first_name, last_name, position, team, bye_week, adp, projected_points, rank",
            pager: ConsolePager(path: "/console/topdog/players", query: problems == nil ? request.query : [:], nextCursor: next))
        return ConsolePage(
            title: "TopDog players", template: "topDogPlayers", model: model, section: .topDog, status: problems == nil ? .ok : .unprocessableContent)
    }
}
