import Foundation
import GameCore
import GameSession
import ParlorAPI
import ParlorClient
import PlayerProfiles

extension OnlinePlayClient {
    /// The online flow against `client`'s server: the device id kept in `deviceIDFile`, moves
    /// made while the server is unreachable queued in `offlineQueueFile`, and finished matches
    /// counted in `profiles` (none when nil).
    public static func live(_ client: ParlorClient, deviceIDFile: URL?, offlineQueueFile: URL?, profiles: ProfileStore?) -> OnlinePlayClient {
        let api = client.api
        let request = { @Sendable (wanted: OnlineGameRequest) in
            Components.Schemas.CreateGameRequest(
                gameType: wanted.gameType, players: wanted.players, mode: wanted.mode.rawValue, turnSeconds: wanted.turnSeconds)
        }
        return OnlinePlayClient(
            resumeSession: {
                guard try await parlorCall({ try await client.session.current() }) != nil else { return nil }
                // A stored session the server no longer takes (expired, revoked) is as good as none.
                return try? await OnlinePlayer(parlorCall { try await api.getMe().ok.body.json })
            },
            signInAsGuest: { device in OnlinePlayer(try await client.signIn(.guest(deviceID: device))) },
            device: deviceIDFile.map(DeviceIdentity.file) ?? .memory(),
            createGame: { wanted in
                OnlineGameSummary(try await parlorCall { try await api.createGame(body: .json(request(wanted))).created.body.json })
            },
            joinByCode: { code in OnlineGameSummary(try await parlorCall { try await api.joinGameByCode(body: .json(.init(code: code))).ok.body.json }) },
            enterQuickMatch: { wanted in
                _ = try await parlorCall {
                    try await api.enterQuickMatch(body: .json(.init(gameType: wanted.gameType, players: wanted.players, mode: wanted.mode.rawValue))).ok
                }
            },
            quickMatch: { try await parlorCall { try await api.getQuickMatch().ok.body.json }.match },
            cancelQuickMatch: { _ = try await parlorCall { try await api.cancelQuickMatch().noContent } },
            game: { id in OnlineGameSummary(try await parlorCall { try await api.getGame(path: .init(gameID: id)).ok.body.json }) },
            resign: { id in
                _ = try await parlorCall { try await api.resignGame(path: .init(gameID: id), body: .json(.init(moveId: UUID().uuidString))).ok }
            },
            games: LiveGameOpening(client: client, offlineQueueFile: offlineQueueFile),
            recordMatch: { match in _ = try await profiles?.record(match, at: Date()) })
    }
}

/// Opens a game through the SDK: its real-time connection and the online `GameStore` endpoint.
private struct LiveGameOpening: OnlineGameOpening {
    let client: ParlorClient
    let offlineQueueFile: URL?

    func open<Module: GameModule>(_ game: UUID, as module: Module.Type) async throws -> OnlineGameLink<Module> {
        let events = await client.realtime()
        // Moves made while the server is unreachable wait here and go when it is back.
        let queue = try OfflineMoveQueue(file: offlineQueueFile)
        let endpoint = OnlineGameEndpoint<Module>(client: client, game: game, offlineQueue: queue)
        do {
            try await endpoint.start(following: events)
        } catch {
            await events?.connection.close()
            throw error
        }
        return OnlineGameLink(endpoint: endpoint) {
            await endpoint.stop()
            await events?.connection.close()
        }
    }
}

extension OnlinePlayer {
    init(_ user: Components.Schemas.User) {
        self.init(id: user.id, displayName: user.displayName)
    }
}

extension OnlineGameSummary {
    /// The server's game as the app reads it.
    public init(_ game: Components.Schemas.Game) {
        let status: Status =
            switch game.status {
            case .waiting: .waiting
            case .active: .active
            // A cancelled or expired game is over like a finished one, with no outcome.
            case .completed, .abandoned: .completed
            }
        // Each entry names its own seat: the server lists players in the order they came, and
        // deals the seats at the start.
        let names = Dictionary(game.seats.compactMap { entry in entry.seat.map { ($0, entry.name) } }, uniquingKeysWith: { first, _ in first })
        self.init(
            id: game.id, status: status, players: game.players, joined: game.seats.count, inviteCode: game.inviteCode, seatNames: names,
            yourSeat: game.yourSeat, outcome: game.outcome.map { GameOutcome(winners: $0.winners, winType: WinType(rawValue: $0.winType)) },
            gameType: game.gameType, mode: OnlineGameMode(rawValue: game.mode.rawValue), currentSeats: game.currentSeats ?? [],
            turnDeadline: game.turnDeadline, createdAt: game.createdAt, startedAt: game.startedAt, endedAt: game.endedAt)
        abandoned = game.status == .abandoned
    }
}
