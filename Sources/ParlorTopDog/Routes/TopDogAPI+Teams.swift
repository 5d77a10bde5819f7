import BestBall
import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// My Teams, Exposure and draft alerts.
extension TopDogAPI {
    package func listMyTeams(_ input: Operations.ListMyTeams.Input) async throws -> Operations.ListMyTeams.Output {
        let caller = try await accounts.authenticate()
        let sort = input.query.sort.flatMap { TeamsService.Sort(rawValue: $0.rawValue) } ?? .newest
        let tournament = try input.query.tournament.map { try Self.uuid($0, "tournament") }
        let teams = try await topDog.teams.teams(of: caller.userID, tournament: tournament, sort: sort)
        return .ok(.init(body: .json(.init(teams: teams.map(Components.Schemas.Team.init)))))
    }

    package func getMyTeam(_ input: Operations.GetMyTeam.Input) async throws -> Operations.GetMyTeam.Output {
        let caller = try await accounts.authenticate()
        let team = try await topDog.teams.team(input.path.entryID.lowercased(), of: caller.userID)
        let weeks = team.weeks.map { week in
            Components.Schemas.WeekScore(
                week: week.week, points: week.lineup.total.value,
                starters: week.lineup.starters.map {
                    .init(slot: .init(rawValue: $0.slot.rawValue) ?? .flex, playerId: $0.playerID, points: $0.points.value)
                })
        }
        let playoff = try await topDog.teams.standing(of: team).map { standing in
            Components.Schemas.TeamDetail.PlayoffPayload(
                round: standing.round, group: standing.group, rank: standing.rank, advanced: standing.advancing, finalRank: standing.finalRank,
                prizeCents: standing.prizeCents)
        }
        return .ok(.init(body: .json(.init(team: .init(team), weeks: weeks, playoff: playoff))))
    }

    package func getExposure(_ input: Operations.GetExposure.Input) async throws -> Operations.GetExposure.Output {
        let caller = try await accounts.authenticate()
        let report = try await topDog.teams.exposure(of: caller.userID, position: input.query.position?.position, search: try Self.search(input.query.search))
        let players = report.players.map { player, count in
            Components.Schemas.Exposure.PlayersPayloadPayload(
                player: .init(player), teams: count, share: report.teams == 0 ? 0 : Double(count) / Double(report.teams))
        }
        return .ok(.init(body: .json(.init(teams: report.teams, players: players))))
    }

    package func listDraftAlerts(_ input: Operations.ListDraftAlerts.Input) async throws -> Operations.ListDraftAlerts.Output {
        let caller = try await accounts.authenticate()
        let alerts = try await topDog.database.withConnection { sql in try await DraftAlerts.recorded(for: caller.userID, limit: 100, on: sql) }
        let items = try alerts.map { alert in
            Components.Schemas.DraftAlertList.AlertsPayloadPayload(
                kind: .init(rawValue: alert.kind) ?? .onTheClock, roomId: alert.room,
                payload: try JSONDecoder().decode(OpenAPIObjectContainer.self, from: Data(alert.payload.utf8)), createdAt: Date(millis: alert.at))
        }
        return .ok(.init(body: .json(.init(alerts: items))))
    }

    package func getDraftAlertPreferences(_ input: Operations.GetDraftAlertPreferences.Input) async throws -> Operations.GetDraftAlertPreferences.Output {
        let caller = try await accounts.authenticate()
        let preferences = try await topDog.database.withConnection { sql in try await DraftAlerts.preferences(of: caller.userID, on: sql) }
        return .ok(.init(body: .json(.init(preferences))))
    }

    package func setDraftAlertPreferences(_ input: Operations.SetDraftAlertPreferences.Input) async throws -> Operations.SetDraftAlertPreferences.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let stored = try await topDog.database.transaction { sql in
            var preferences = try await DraftAlerts.preferences(of: caller.userID, on: sql)
            preferences.roomFilled = body.roomFilled ?? preferences.roomFilled
            preferences.draftStarting = body.draftStarting ?? preferences.draftStarting
            preferences.twoPicksAway = body.twoPicksAway ?? preferences.twoPicksAway
            preferences.onTheClock = body.onTheClock ?? preferences.onTheClock
            preferences.tenSecondsRemaining = body.tenSecondsRemaining ?? preferences.tenSecondsRemaining
            preferences.slowDraftEmailUpdates = body.slowDraftEmailUpdates ?? preferences.slowDraftEmailUpdates
            try await DraftAlerts.setPreferences(preferences, of: caller.userID, on: sql)
            return preferences
        }
        return .ok(.init(body: .json(.init(stored))))
    }
}

extension Components.Schemas.DraftAlertPreferences {
    init(_ preferences: DraftAlertPreferences) {
        self.init(
            roomFilled: preferences.roomFilled, draftStarting: preferences.draftStarting, twoPicksAway: preferences.twoPicksAway,
            onTheClock: preferences.onTheClock, tenSecondsRemaining: preferences.tenSecondsRemaining,
            slowDraftEmailUpdates: preferences.slowDraftEmailUpdates)
    }
}

extension Components.Schemas.Team {
    init(_ team: TeamsService.Team) {
        self.init(
            entry: team.entry.id, tournamentId: team.tournament.id, tournamentTitle: team.tournament.title, roomId: team.room.id, slot: team.entry.slot,
            status: .init(rawValue: team.room.status.rawValue) ?? .filling,
            roster: team.roster.map { .init(player: .init($0.player), pick: $0.pick, seasonPoints: $0.season.value) }, counts: .init(team.counts),
            seasonPoints: team.seasonPoints.value, projectedPoints: (team.projected * 10).rounded() / 10, createdAt: Date(millis: team.entry.createdAt))
    }
}

extension Points {
    var value: Double { Double(hundredths) / 100 }
}
