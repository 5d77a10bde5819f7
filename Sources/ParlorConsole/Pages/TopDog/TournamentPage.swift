import Foundation
import ParlorAccounts
import ParlorAPI

/// `/console/topdog/tournaments/:id`: one tournament's facts, money, rooms and standings, and
/// the operator's edit, cancel and complete.
extension ConsoleRoutes {
    func registerTopDogTournament() {
        let tournamentPath: @Sendable (ConsoleRequest) -> String = { "/console/topdog/tournaments/\((try? $0.parameter("id")) ?? "")" }
        page("/console/topdog/tournaments/:id", role: .admin) { request in .page(try await TournamentPage.load(request)) }
        action("/console/topdog/tournaments/:id/edit", role: .admin, back: tournamentPath) { request in
            let id = try request.parameter("id")
            let current = try await request.call { api in try await api.adminGetTournament(.init(path: .init(tournamentID: id))) }.ok.body.json.tournament
            let edit = try TournamentPage.edit(from: request.form, current: current)
            let after = try await request.call { api in
                try await api.adminEditTournament(.init(path: .init(tournamentID: id), body: .json(edit)))
            }.ok.body.json
            return .redirect(tournamentPath(request), notice: "Saved \(after.title).")
        }
        action("/console/topdog/tournaments/:id/cancel", role: .admin, back: tournamentPath) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let after = try await request.call { api in
                try await api.adminCancelTournament(.init(path: .init(tournamentID: id), body: .json(.init(reason: reason))))
            }.ok.body.json
            return .redirect(tournamentPath(request), notice: "Cancelled \(after.title): every entry's fee is refunded and its rooms are closed.")
        }
        action("/console/topdog/tournaments/:id/complete", role: .admin, back: tournamentPath) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            let standings = try await request.call { api in
                try await api.adminCompleteTournament(.init(path: .init(tournamentID: id), query: .init(reason: reason)))
            }.ok.body.json
            return .redirect(tournamentPath(request), notice: "Completed: \(standings.standings.count) entries ranked and prizes paid.")
        }
        for (verb, done) in [("pause", "Paused"), ("resume", "Resumed")] {
            action("/console/topdog/rooms/:room/\(verb)", role: .admin, back: { request in TournamentPage.back(request) }) { request in
                let room = try request.parameter("room")
                let reason = try request.form.required("reason", label: "A reason")
                let body = Components.Schemas.AdminReasonInput(reason: reason)
                let after: Components.Schemas.AdminDraftRoom
                if verb == "pause" {
                    after = try await request.call { api in try await api.adminPauseDraft(.init(path: .init(roomID: room), body: .json(body))) }.ok.body.json
                } else {
                    after = try await request.call { api in try await api.adminResumeDraft(.init(path: .init(roomID: room), body: .json(body))) }.ok.body.json
                }
                return .redirect(TournamentPage.back(request), notice: "\(done) room \(after.id.prefix(8)): it is \(after.status.rawValue).")
            }
        }
    }
}

struct TournamentPage {
    struct Fact {
        var label: String
        var value: String
    }

    struct RoomRow {
        var id: String
        var shortID: String
        var status: String
        var tone: String
        var entries: String
        var picks: String
        var clock: String
        var canPause: Bool
        var canResume: Bool
    }

    struct StandingRow {
        var rank: Int
        var name: String
        var roundReached: String
        var points: String
        var prize: String
    }

    struct Section<Row: Sendable>: Sendable {
        var rows: [Row]
        var pager: ConsolePager
    }

    struct EditForm {
        var title: String
        var startsAt: String
        var entryFee: String
        var feeLocked: Bool
        var prizes: String
        var fillWithHouse: Bool
        var cancelRoom: Bool
    }

    var id: String
    var title: String
    var status: String
    var tone: String
    var facts: [Fact]
    var money: [Fact]
    var rooms: Section<RoomRow>
    var standings: Section<StandingRow>
    var round: String?
    var edit: EditForm?
    var canCancel: Bool
    var canComplete: Bool

    static let pageSize = 25

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let id = try request.parameter("id")
        guard UUID(uuidString: id) != nil else { throw ConsoleNotFound("There is no tournament \(id).") }
        let item = try await request.call { api in try await api.adminGetTournament(.init(path: .init(tournamentID: id))) }.ok.body.json
        let roomsCursor = request.query["rooms"]
        let standingsCursor = request.query["standings"]
        let rooms = try await request.call { api in
            try await api.adminListTournamentRooms(.init(path: .init(tournamentID: id), query: .init(cursor: roomsCursor, limit: pageSize)))
        }.ok.body.json
        let standings = try await request.call { api in
            try await api.getTournamentStandings(.init(path: .init(tournamentID: id), query: .init(cursor: standingsCursor, limit: pageSize)))
        }.ok.body.json
        let tournament = item.tournament
        let status = tournament.status.rawValue
        let open = !["cancelled", "complete"].contains(status)
        let drafting = item.rooms.countdown + item.rooms.active + item.rooms.paused + item.rooms.complete > 0
        let model = TournamentPage(
            id: id, title: tournament.title, status: status, tone: TopDogFormat.tone(status), facts: facts(tournament), money: money(item.money),
            rooms: Section(
                rows: rooms.rooms.map { roomRow($0, teams: tournament.teams) }, pager: pager(request, key: "rooms", next: rooms.next)),
            standings: Section(
                rows: standings.standings.map {
                    StandingRow(
                        rank: $0.rank, name: $0.name, roundReached: $0.roundReached, points: String(format: "%.2f", $0.points),
                        prize: $0.prizeCents.map(TopDogFormat.money) ?? "")
                }, pager: pager(request, key: "standings", next: standings.next)),
            round: standings.round,
            edit: open && !drafting && tournament.startsAt.map({ $0 > request.console.now() }) != false
                ? EditForm(
                    title: tournament.title, startsAt: tournament.startsAt.map(TopDogFormat.fieldTime) ?? "",
                    entryFee: TopDogFormat.dollars(tournament.entryFeeCents), feeLocked: tournament.entries > 0,
                    prizes: tournament.prizes.map(TopDogFormat.dollars).joined(separator: " "),
                    fillWithHouse: tournament.unfilledPolicy != .cancelRoom, cancelRoom: tournament.unfilledPolicy == .cancelRoom) : nil,
            canCancel: open, canComplete: open && drafting)
        return ConsolePage(title: tournament.title, template: "topDogTournament", model: model, section: .topDog)
    }

    static func facts(_ tournament: Components.Schemas.Tournament) -> [Fact] {
        var facts = [
            Fact(label: "Id", value: tournament.id),
            Fact(
                label: "Entries",
                value: "\(ConsoleFormat.grouped(Int64(tournament.entries))) of \(tournament.maxEntries == 0 ? "unlimited" : ConsoleFormat.grouped(Int64(tournament.maxEntries)))"),
            Fact(label: "Most a player", value: tournament.maxPerUser == 0 ? "unlimited" : "\(tournament.maxPerUser)"),
            Fact(label: "Entry fee", value: TopDogFormat.money(tournament.entryFeeCents)),
            Fact(label: "Prizes", value: "\(TopDogFormat.money(tournament.totalPrizeCents)) over \(tournament.prizes.count) places; first \(TopDogFormat.money(tournament.firstPlaceCents))"),
            Fact(label: "Draft", value: "\(tournament.teams) teams × \(tournament.rounds) rounds, \(tournament.speed.rawValue) (\(tournament.pickSeconds) s a pick)"),
            Fact(label: "Caps", value: "QB \(tournament.caps.qb), RB \(tournament.caps.rb), WR \(tournament.caps.wr), TE \(tournament.caps.te)"),
            Fact(label: "Countdown", value: "\(tournament.countdownSeconds) s"),
            Fact(label: "Rooms", value: "\(tournament.rooms): \(tournament.roomsFilling) filling, \(tournament.roomsDrafting) drafting, \(tournament.roomsComplete) complete"),
            Fact(label: "Created", value: ConsoleFormat.time(tournament.createdAt)),
        ]
        if let startsAt = tournament.startsAt {
            facts.append(Fact(label: "Starts", value: "\(ConsoleFormat.time(startsAt)); unfilled rooms: \(tournament.unfilledPolicy?.rawValue.replacingOccurrences(of: "_", with: " ") ?? "fill with house")"))
        }
        if let cancelled = tournament.cancelledAt { facts.append(Fact(label: "Cancelled", value: ConsoleFormat.time(cancelled))) }
        if let completed = tournament.completedAt { facts.append(Fact(label: "Completed", value: ConsoleFormat.time(completed))) }
        return facts
    }

    static func money(_ money: Components.Schemas.AdminTournament.MoneyPayload) -> [Fact] {
        [
            Fact(label: "Entry fees taken", value: TopDogFormat.money(money.feesTakenCents)),
            Fact(label: "Refunded", value: TopDogFormat.money(money.refundedCents)),
            Fact(label: "Prizes paid", value: TopDogFormat.money(money.prizesPaidCents)),
            Fact(label: "House share", value: TopDogFormat.money(money.houseShareCents)),
            Fact(label: "Still in escrow", value: TopDogFormat.money(money.escrowCents)),
        ]
    }

    static func roomRow(_ summary: Components.Schemas.AdminRoomSummary, teams: Int) -> RoomRow {
        let room = summary.room
        let status = room.status.rawValue
        var clock = ""
        if let deadline = room.deadline { clock = "pick due \(ConsoleFormat.time(deadline))" }
        if let starts = room.startsAt { clock = "starts \(ConsoleFormat.time(starts))" }
        if let paused = room.pausedAt { clock = "paused \(ConsoleFormat.time(paused))" }
        return RoomRow(
            id: room.id, shortID: String(room.id.prefix(8)), status: status, tone: TopDogFormat.tone(status), entries: "\(summary.entries) of \(teams)",
            picks: "\(summary.picks)", clock: clock, canPause: ["countdown", "active"].contains(status), canResume: status == "paused")
    }

    /// The link to the next page of one of the page's two lists, keeping the other's place.
    static func pager(_ request: ConsoleRequest, key: String, next: String?) -> ConsolePager {
        var query = request.query
        query.removeValue(forKey: "cursor")
        var pager = ConsolePager(path: request.path, query: [:], nextCursor: nil)
        if let next {
            query[key] = next
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            pager.nextHref = request.path + "?" + query.sorted { $0.key < $1.key }.map {
                "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
        }
        return pager
    }

    /// Where a room's pause or resume goes back to: the room's board when sent from there, else its tournament.
    static func back(_ request: ConsoleRequest) -> String {
        let room = (try? request.parameter("room")) ?? ""
        if request.form["back"] == "board" { return "/console/topdog/rooms/\(room)" }
        if let tournament = request.form["tournament"], UUID(uuidString: tournament) != nil { return "/console/topdog/tournaments/\(tournament)" }
        return "/console/topdog/rooms/\(room)"
    }

    /// The edit the form asks for: only the fields that differ from `current`, so an unchanged
    /// fee on a tournament with entries is not refused as a fee change.
    static func edit(from form: ConsoleForm, current: Components.Schemas.Tournament) throws -> Components.Schemas.TournamentEditInput {
        let reason = try form.required("reason", label: "A reason")
        var edit = Components.Schemas.TournamentEditInput(reason: reason)
        var problems: [String] = []
        if let title = form["title"], title.trimmingCharacters(in: .whitespacesAndNewlines) != current.title { edit.title = title }
        if let text = form.text("entry_fee") {
            if let cents = TopDogFormat.cents(text) {
                if cents != current.entryFeeCents { edit.entryFeeCents = cents }
            } else {
                problems.append("Entry fee must be an amount in dollars, like 25 or 12.50.")
            }
        }
        if let text = form.text("prizes") {
            let amounts = text.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init)
            let cents = amounts.compactMap(TopDogFormat.cents)
            if cents.count != amounts.count {
                problems.append("Prizes must be amounts in dollars, first place first.")
            } else if cents != current.prizes {
                edit.prizes = cents
            }
        } else if !current.prizes.isEmpty, form["prizes"] != nil {
            edit.prizes = []
        }
        if let text = form.text("starts_at") {
            if let date = TopDogFormat.time(text) {
                if current.startsAt.map(TopDogFormat.fieldTime) != text { edit.startsAt = date }
            } else {
                problems.append("Starts at must be a date and time, like 2026-12-01T18:00 (UTC).")
            }
        }
        if let policy = form.text("unfilled_policy"), policy != (current.unfilledPolicy?.rawValue ?? "fill_with_house") { edit.unfilledPolicy = policy }
        if !problems.isEmpty { throw ConsoleProblem(problems.joined(separator: " ")) }
        return edit
    }
}
