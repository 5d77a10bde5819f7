import BestBall
import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP

/// The player pool, the lobby, joining, and the admin's tournament routes.
extension TopDogAPI {
    package func listTopDogPlayers(_ input: Operations.ListTopDogPlayers.Input) async throws -> Operations.ListTopDogPlayers.Output {
        _ = try await accounts.authenticate()
        let pool = try await topDog.pool.pool()
        let position = input.query.position?.position
        let needle = try Self.search(input.query.search)
        let players = pool.players.filter { player in
            (position == nil || player.position == position)
                && (needle == nil || player.name.lowercased().contains(needle ?? "") || player.team.lowercased() == needle)
        }
        return .ok(.init(body: .json(.init(players: players.map(Components.Schemas.TopDogPlayer.init)))))
    }

    /// A search text as the contract allows it (1 to 60 characters), lowercased.
    static func search(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard (1...60).contains(text.count) else { throw APIError.invalidField("search", "must be 1 to 60 characters") }
        return text.lowercased()
    }

    /// A path or query id that must be a UUID, lowercased.
    static func uuid(_ text: String, _ field: String) throws -> String {
        guard UUID(uuidString: text) != nil else { throw APIError.invalidField(field, "must be a UUID") }
        return text.lowercased()
    }

    package func listTournaments(_ input: Operations.ListTournaments.Input) async throws -> Operations.ListTournaments.Output {
        _ = try await accounts.authenticate()
        let list = try await topDog.tournaments.list()
        return .ok(.init(body: .json(.init(tournaments: list.map { Components.Schemas.Tournament($0.0, $0.1) }))))
    }

    package func getTournament(_ input: Operations.GetTournament.Input) async throws -> Operations.GetTournament.Output {
        _ = try await accounts.authenticate()
        let (tournament, progress) = try await topDog.tournaments.find(input.path.tournamentID.lowercased())
        return .ok(.init(body: .json(.init(tournament, progress))))
    }

    package func joinTournament(_ input: Operations.JoinTournament.Input) async throws -> Operations.JoinTournament.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let name = try await topDog.database.withConnection { sql in try await UserDirectory.displayName(of: caller.userID, on: sql) }
        let entries = try await topDog.tournaments.join(
            input.path.tournamentID.lowercased(), count: body.count, user: caller, name: name, key: body.idempotencyKey)
        let balance = try await topDog.wallet.balance(of: caller.userID)
        return .created(.init(body: .json(.init(entries: entries.map(Components.Schemas.TournamentEntry.init), balanceCents: balance))))
    }

    package func adminCreateTournament(_ input: Operations.AdminCreateTournament.Input) async throws -> Operations.AdminCreateTournament.Output {
        let admin = try await accounts.requireAdmin()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var request = TournamentInput(title: body.title, entryFeeCents: body.entryFeeCents)
        request.maxEntries = body.maxEntries ?? 0
        request.maxPerUser = body.maxPerUser ?? 0
        request.prizes = body.prizes ?? []
        request.speed = body.speed.flatMap(Tournament.Speed.init(rawValue:)) ?? .fast
        request.pickSeconds = body.pickSeconds
        request.teams = body.teams ?? 12
        request.rounds = body.rounds ?? 18
        if let caps = body.caps { request.caps = PositionCounts(qb: caps.qb, rb: caps.rb, wr: caps.wr, te: caps.te) }
        request.countdownSeconds = body.countdownSeconds ?? 10
        request.podSize = body.podSize ?? 10
        request.startsAt = body.startsAt.map(\.millis)
        request.unfilledPolicy = try body.unfilledPolicy.map(Self.policy) ?? .fillWithHouse
        let tournament = try await topDog.tournaments.create(request, by: StaffAction(actor: admin.userID, reason: body.reason))
        return .created(.init(body: .json(.init(tournament, TournamentProgress()))))
    }

    package func adminCompleteTournament(_ input: Operations.AdminCompleteTournament.Input) async throws -> Operations.AdminCompleteTournament.Output {
        let admin = try await accounts.requireAdmin()
        let id = input.path.tournamentID.lowercased()
        let result = try await topDog.completion.complete(id, by: StaffAction(actor: admin.userID, reason: input.query.reason))
        let rounds = result.rounds.map(\.name)
        let standings = result.standings.map { standing in
            Components.Schemas.TournamentStandings.StandingsPayloadPayload(
                rank: standing.rank, entry: standing.entry, user: standing.user,
                roundReached: standing.roundReached < rounds.count ? rounds[standing.roundReached] : "",
                points: Double(standing.points.hundredths) / 100, prizeCents: Int64(standing.prizeCents))
        }
        return .ok(.init(body: .json(.init(tournamentId: id, standings: standings))))
    }
}
