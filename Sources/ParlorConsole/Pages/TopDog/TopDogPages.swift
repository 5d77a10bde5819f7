import Foundation
import HTTPTypes
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// TopDog, admins only: the tournaments with their money, a new tournament, and the pages under
/// them (a tournament, a room's board, the player pool, payments).
extension ConsoleRoutes {
    func registerTopDog() {
        page("/console/topdog", role: .admin) { request in .page(try await TournamentListPage.load(request)) }
        page("/console/topdog/new", role: .admin) { _ in .page(TournamentListPage.newForm(TournamentForm())) }
        action("/console/topdog/tournaments", role: .admin, back: { _ in "/console/topdog/new" }) { request in
            var form = TournamentForm(request.form)
            guard let input = form.input() else { return .page(TournamentListPage.newForm(form, status: .unprocessableContent)) }
            do {
                let created = try await request.call { api in try await api.adminCreateTournament(.init(body: .json(input))) }.created.body.json
                return .redirect("/console/topdog/tournaments/\(created.id)", notice: "Created \(created.title).")
            } catch let error as APIError where !error.fields.isEmpty {
                // Shown beside the fields, with everything typed kept.
                form.add(error.fields)
                return .page(TournamentListPage.newForm(form, status: .unprocessableContent))
            }
        }
        registerTopDogTournament()
        registerTopDogRoom()
        registerTopDogPlayers()
        registerTopDogPayments()
    }
}

/// `/console/topdog`: every tournament, newest first, with its entries and money.
struct TournamentListPage {
    struct Row {
        var id: String
        var title: String
        var status: String
        var tone: String
        var entries: String
        var fee: String
        var prizes: String
        var rooms: String
        var feesTaken: String
        var refunded: String
        var prizesPaid: String
        var houseShare: String
        var escrow: String
        var created: String
    }

    var tournaments: [Row]
    var pager: ConsolePager

    static let pageSize = 25

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let cursor = request.query["cursor"]
        let page = try await request.call { api in
            try await api.adminListTournaments(.init(query: .init(cursor: cursor, limit: pageSize)))
        }.ok.body.json
        let model = TournamentListPage(
            tournaments: page.tournaments.map(row), pager: ConsolePager(path: request.path, query: request.query, nextCursor: page.next))
        return ConsolePage(title: "TopDog", template: "topDogTournaments", model: model, section: .topDog)
    }

    static func row(_ item: Components.Schemas.AdminTournament) -> Row {
        let tournament = item.tournament
        let rooms = item.rooms
        var roomParts: [String] = []
        if rooms.filling > 0 { roomParts.append("\(rooms.filling) filling") }
        if rooms.countdown + rooms.active > 0 { roomParts.append("\(rooms.countdown + rooms.active) drafting") }
        if rooms.paused > 0 { roomParts.append("\(rooms.paused) paused") }
        if rooms.complete > 0 { roomParts.append("\(rooms.complete) done") }
        if rooms.cancelled > 0 { roomParts.append("\(rooms.cancelled) closed") }
        return Row(
            id: tournament.id, title: tournament.title, status: tournament.status.rawValue, tone: TopDogFormat.tone(tournament.status.rawValue),
            entries: "\(ConsoleFormat.grouped(Int64(tournament.entries))) / \(tournament.maxEntries == 0 ? "∞" : ConsoleFormat.grouped(Int64(tournament.maxEntries)))",
            fee: TopDogFormat.money(tournament.entryFeeCents), prizes: TopDogFormat.money(tournament.totalPrizeCents),
            rooms: roomParts.isEmpty ? "none yet" : roomParts.joined(separator: ", "), feesTaken: TopDogFormat.money(item.money.feesTakenCents),
            refunded: TopDogFormat.money(item.money.refundedCents), prizesPaid: TopDogFormat.money(item.money.prizesPaidCents),
            houseShare: TopDogFormat.money(item.money.houseShareCents), escrow: TopDogFormat.money(item.money.escrowCents),
            created: ConsoleFormat.time(tournament.createdAt))
    }

    static func newForm(_ form: TournamentForm, status: HTTPResponse.Status = .ok) -> ConsolePage {
        var form = form
        form.summarize()
        return ConsolePage(title: "New tournament", template: "topDogNewTournament", model: form, section: .topDog, status: status)
    }
}
