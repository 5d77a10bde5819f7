import Foundation
import ParlorAccounts
import ParlorAPI

/// `/console/topdog/rooms/:room`: a room's draft board, reloaded every five seconds while open.
extension ConsoleRoutes {
    func registerTopDogRoom() {
        page("/console/topdog/rooms/:room", role: .admin) { request in .page(try await RoomBoardPage.load(request)) }
    }
}

struct RoomBoardPage {
    struct Team {
        var slot: Int
        var name: String
        var autopick: Bool
        var onClock: Bool
    }

    struct Cell {
        var label: String
        var player: String?
        var position: String
        var team: String
        var auto: Bool
        var onClock: Bool
    }

    struct Round {
        var number: Int
        var cells: [Cell]
    }

    var id: String
    var tournamentID: String
    var tournamentTitle: String
    var status: String
    var tone: String
    var paused: Bool
    var pausedAt: String?
    var clock: String?
    var startsAt: String?
    var picksMade: String
    var teams: [Team]
    var rounds: [Round]
    var waiting: String?
    var canPause: Bool
    var canResume: Bool

    static func load(_ request: ConsoleRequest) async throws -> ConsolePage {
        let id = try request.parameter("room")
        guard UUID(uuidString: id) != nil else { throw ConsoleNotFound("There is no draft room \(id).") }
        let board = try await request.call { api in try await api.adminGetDraftRoom(.init(path: .init(roomID: id))) }.ok.body.json
        let model = RoomBoardPage(board)
        // Only a room that can still change is worth reloading.
        let live = ["filling", "countdown", "active"].contains(board.status.rawValue)
        return ConsolePage(
            title: "Room \(id.prefix(8)) · \(board.tournamentTitle)", template: "topDogRoom", model: model, section: .topDog, refreshSeconds: live ? 5 : nil)
    }

    /// `0:42`, or `11 h 59 min` for a slow draft's clock.
    static func duration(_ seconds: Int64) -> String {
        seconds >= 3600 ? "\(seconds / 3600) h \(seconds % 3600 / 60) min" : "\(seconds / 60):\(String(format: "%02d", seconds % 60))"
    }

    init(_ board: Components.Schemas.AdminDraftBoard) {
        let status = board.status.rawValue
        let onClockSlot = board.clock?.slot
        let seated = board.participants.filter { $0.slot != nil }
        teams = (0..<board.teams).map { slot in
            Team(
                slot: slot + 1, name: seated.first { $0.slot == slot }?.name ?? "Team \(slot + 1)", autopick: board.autopick.contains(slot),
                onClock: slot == onClockSlot)
        }
        var bySpot: [String: Components.Schemas.DraftPickBody] = [:]
        for pick in board.picks { bySpot["\(pick.round)/\(pick.slot)"] = pick }
        let current = board.currentPick
        let currentLabel = board.clock?.label
        rounds = (1...max(board.rounds, 1)).map { round in
            Round(
                number: round,
                cells: (0..<board.teams).map { slot in
                    if let pick = bySpot["\(round)/\(slot)"] {
                        return Cell(
                            label: pick.label, player: pick.player.name, position: pick.player.position.rawValue, team: pick.player.team, auto: pick.auto,
                            onClock: false)
                    }
                    let due = current != nil && slot == onClockSlot && board.clock.map { $0.label.hasPrefix("\(round).") } == true
                    return Cell(label: due ? (currentLabel ?? "") : "", player: nil, position: "", team: "", auto: false, onClock: due)
                })
        }
        id = board.id
        tournamentID = board.tournamentId
        tournamentTitle = board.tournamentTitle
        self.status = status
        tone = TopDogFormat.tone(status)
        paused = status == "paused"
        pausedAt = board.pausedAt.map { ConsoleFormat.time($0) }
        if let clock = board.clock {
            let seconds = max(clock.remainingMillis, 0) / 1000
            let team = seated.first { $0.slot == clock.slot }?.name ?? "Team \(clock.slot + 1)"
            self.clock = "Pick \(clock.label): \(team) on the clock, \(Self.duration(seconds)) left\(clock.autopick ? " (autopick)" : "")\(status == "paused" ? " when paused" : "")"
        } else {
            self.clock = nil
        }
        startsAt = board.startsAt.map { ConsoleFormat.time($0) }
        picksMade = "\(board.picks.count) of \(board.totalPicks)"
        let unseated = board.participants.filter { $0.slot == nil }.map(\.name)
        waiting = unseated.isEmpty ? nil : unseated.joined(separator: ", ")
        canPause = ["countdown", "active"].contains(status)
        canResume = status == "paused"
    }
}
