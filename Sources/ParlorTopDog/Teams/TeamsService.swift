import BestBall
import Foundation
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// My Teams and Exposure: a user's drafted teams with their best ball points, and how much of
/// their completed teams each player makes up.
package struct TeamsService: Sendable {
    let database: Database
    let pool: PlayerPoolCache

    package init(database: Database, pool: PlayerPoolCache) {
        self.database = database
        self.pool = pool
    }

    package struct Team: Sendable {
        package var entry: DraftEntry
        package var tournament: Tournament
        package var room: DraftRoom
        package var roster: [(player: DraftPlayer, pick: Int, season: Points)]
        package var counts: PositionCounts
        package var weeks: [(week: Int, lineup: BestBallLineup)]
        package var seasonPoints: Points
        package var projected: Double
    }

    package enum Sort: String, Sendable {
        case newest, points, projected
    }

    package func teams(of user: String, tournament: String?, sort: Sort) async throws -> [Team] {
        let pool = try await self.pool.pool()
        let teams = try await database.withConnection { sql in
            var entries = try await RoomStore.entries(of: user, on: sql)
            if let tournament { entries = entries.filter { $0.tournamentID == tournament } }
            return try await build(entries, pool: pool, on: sql)
        }
        switch sort {
        case .newest: return teams
        case .points: return teams.sorted { ($0.seasonPoints, $1.entry.createdAt) > ($1.seasonPoints, $0.entry.createdAt) }
        case .projected: return teams.sorted { ($0.projected, $1.entry.createdAt) > ($1.projected, $0.entry.createdAt) }
        }
    }

    package func team(_ entryID: String, of user: String) async throws -> Team {
        let pool = try await self.pool.pool()
        return try await database.withConnection { sql in
            let entries = try await RoomStore.entries(of: user, on: sql).filter { $0.id == entryID }
            guard let team = try await build(entries, pool: pool, on: sql).first else { throw APIError.notFound("you have no team \(entryID)") }
            return team
        }
    }

    private func build(_ entries: [DraftEntry], pool: PlayerPool, on sql: any SQLDatabase) async throws -> [Team] {
        let picks = try await RoomStore.picks(ofEntries: entries.map(\.id), on: sql)
        let players = Set(picks.values.flatMap { $0.map(\.playerID) })
        let weekly = try await WeekPointsStore.points(of: players, on: sql)
        var tournaments: [String: Tournament] = [:]
        var rooms: [String: DraftRoom] = [:]
        var teams: [Team] = []
        for entry in entries {
            if tournaments[entry.tournamentID] == nil { tournaments[entry.tournamentID] = try await TournamentStore.find(entry.tournamentID, on: sql) }
            if rooms[entry.roomID] == nil { rooms[entry.roomID] = try await RoomStore.find(entry.roomID, on: sql) }
            guard let tournament = tournaments[entry.tournamentID], let room = rooms[entry.roomID] else { continue }
            let made = picks[entry.id] ?? []
            let roster = made.compactMap { pick in
                pool[pick.playerID].map { player in
                    (player: player, pick: pick.number, season: weekly.values.reduce(Points.zero) { $0 + ($1[player.id] ?? .zero) })
                }
            }
            var counts = PositionCounts()
            for pick in made { counts[pick.position] += 1 }
            let spots = made.map { TournamentEntry.RosterSpot(playerID: $0.playerID, position: $0.position) }
            let asEntry = TournamentEntry(id: entry.id, user: entry.userID, room: entry.roomID, order: entry.order, roster: spots)
            let weeks = weekly.keys.sorted().map { week in (week: week, lineup: asEntry.lineup(points: weekly[week] ?? [:])) }
            teams.append(
                Team(
                    entry: entry, tournament: tournament, room: room, roster: roster, counts: counts, weeks: weeks,
                    seasonPoints: weeks.reduce(.zero) { $0 + $1.lineup.total }, projected: roster.reduce(0) { $0 + $1.player.projectedPoints }))
        }
        return teams
    }

    /// Per player, how many of the user's completed teams hold them, highest first.
    package func exposure(of user: String, position: Position?, search: String?) async throws -> (teams: Int, players: [(DraftPlayer, Int)]) {
        let pool = try await self.pool.pool()
        let (teams, counts) = try await database.withConnection { sql in
            let entries = try await RoomStore.entries(of: user, on: sql)
            var complete: [DraftEntry] = []
            for entry in entries where try await RoomStore.find(entry.roomID, on: sql)?.status == .complete { complete.append(entry) }
            let picks = try await RoomStore.picks(ofEntries: complete.map(\.id), on: sql)
            var counts: [String: Int] = [:]
            for pick in picks.values.joined() { counts[pick.playerID, default: 0] += 1 }
            return (complete.count, counts)
        }
        let needle = search?.lowercased()
        let players = counts.compactMap { id, count -> (DraftPlayer, Int)? in
            guard let player = pool[id] else { return nil }
            if let position, player.position != position { return nil }
            if let needle, !player.name.lowercased().contains(needle), player.team.lowercased() != needle { return nil }
            return (player, count)
        }.sorted { ($0.1, $1.0.adp) > ($1.1, $0.0.adp) }
        return (teams, players)
    }
}

extension TeamsService {
    /// Where a team stands in the tournament's advancement: the final result once the tournament
    /// is complete, otherwise the round being played now (by the latest scored week), the team's
    /// room or pod in it, its rank there and whether that rank goes on.
    package struct Standing: Sendable, Equatable {
        package var round: String
        package var group: String
        package var rank: Int
        package var advancing: Bool
        package var finalRank: Int?
        package var prizeCents: Int64?
    }

    package func standing(of team: Team) async throws -> Standing? {
        let schedule = team.tournament.schedule
        return try await database.withConnection { sql in
            if let row = try await sql.select().column("*").from("topdog_standings").where("tournament_id", .equal, team.tournament.id)
                .where("entry_id", .equal, team.entry.id).first()
            {
                let reached = try row.decode(column: "round_reached", as: Int.self)
                let rank = try row.decode(column: "rank", as: Int.self)
                return Standing(
                    round: reached < schedule.rounds.count ? schedule.rounds[reached].name : "", group: reached == 0 ? team.entry.roomID : "field",
                    rank: rank, advancing: reached == schedule.rounds.count - 1, finalRank: rank,
                    prizeCents: try row.decode(column: "prize_cents", as: Int64.self))
            }
            let entries = try await RoomStore.entries(inTournament: team.tournament.id, on: sql)
            let picks = try await RoomStore.picks(ofEntries: entries.map(\.id), on: sql)
            let points = try await WeekPointsStore.points(of: Set(picks.values.flatMap { $0.map(\.playerID) }), on: sql)
            guard let latest = points.keys.max(), let current = schedule.rounds.lastIndex(where: { $0.firstWeek <= latest }) else { return nil }
            let teams = entries.map { entry in
                TournamentEntry(
                    id: entry.id, user: entry.userID, room: entry.roomID, order: entry.order,
                    roster: (picks[entry.id] ?? []).map { .init(playerID: $0.playerID, position: $0.position) })
            }
            let result = Advancement(schedule: schedule, entries: teams, points: points)
            for index in stride(from: min(current, result.rounds.count - 1), through: 0, by: -1) {
                let round = result.rounds[index]
                guard let group = round.groups.first(where: { $0.scores.contains { $0.entry == team.entry.id } }),
                    let place = group.scores.firstIndex(where: { $0.entry == team.entry.id })
                else { continue }
                return Standing(
                    round: round.name, group: group.id, rank: place + 1, advancing: round.advanced.contains(team.entry.id), finalRank: nil,
                    prizeCents: nil)
            }
            return nil
        }
    }
}
