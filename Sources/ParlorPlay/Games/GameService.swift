import Foundation
import GameCore
import HTTPTypes
import Logging
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import SQLKit

/// ParlorPlay: online play of any registered game — games and their routes, the move log, live
/// copies, the event bus, presence, timers, ratings, invitations and matchmaking. It writes no
/// socket frame: ParlorRealtime renders its notices.
///
/// The node's games: creating and joining them, starting them, moves, time-outs, results and
/// ratings, over the shared database. Stateless apart from `cache`, so any number of nodes can
/// serve the same games; `bus` tells every node what changed.
package struct GameService: Sendable {
    let database: Database
    package let accounts: AccountService
    let engines: GameEngines
    package let cache: LiveGameCache
    let bus: any EventBus
    let now: @Sendable () -> Date
    package let logger: Logger
    let hooks: PlayHooks
    /// This process's name in `parlor_nodes`: the connections it counts are its own.
    let node = UUID().canonicalText

    package init(
        database: Database, accounts: AccountService, engines: GameEngines, bus: any EventBus,
        now: @escaping @Sendable () -> Date, logger: Logger, hooks: PlayHooks = PlayHooks()
    ) {
        self.hooks = hooks
        self.database = database
        self.accounts = accounts
        self.engines = engines
        self.cache = LiveGameCache()
        self.bus = bus
        self.now = now
        self.logger = logger
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    // MARK: Loading

    /// The game as this node holds it, loaded and replayed when it has no copy.
    package func live(_ id: UUID, atLeast seq: Int? = nil) async throws -> LiveGame {
        if let cached = cache.get(id), seq.map({ cached.row.seq >= $0 }) ?? true { return cached }
        let engines = self.engines
        guard let game = try await database.withConnection({ sql in try await LiveGame.load(id, engines: engines, on: sql) }) else {
            throw APIError.gameNotFound(id)
        }
        cache.put(game)
        return game
    }

    /// The game as of `notice`: the held copy advanced by the move the notice carries when it
    /// is one move behind, otherwise loaded again if it is older than the notice.
    package func live(noticed notice: GameNotice) async throws -> LiveGame {
        if let advanced = cache.advance(by: notice) { return advanced }
        guard let game = notice.game else { throw PlayStoreError.corruptRow("a notice about no game") }
        return try await live(game, atLeast: notice.seq)
    }

    /// The action a real-time message carries, decoded straight into the game's own type when
    /// this node holds the game (it does for every game a socket follows); nil otherwise.
    package func decodeAction(of game: UUID, from decoder: any Decoder) -> SubmittedAction? {
        cache.get(game)?.engine.decodeAction(from: decoder)
    }

    package func reload(_ id: UUID) async throws -> LiveGame {
        cache.remove(id)
        return try await live(id)
    }

    // MARK: Joining

    /// Takes a place in a waiting game; taking it again answers the game. `alongside` runs in the
    /// same transaction, first, so that what it writes and the place are taken together or not at all.
    func join(
        _ id: UUID, user: String, alongside: @escaping @Sendable (any SQLDatabase) async throws -> Void = { _ in }
    ) async throws -> LiveGame {
        let joined = try await bus.transaction(on: database) { sql, announcements -> (row: GameRow, seats: [SeatRow])? in
            try await alongside(sql)
            // Locked, as a leave or cancel locks it: a place is never taken in a game cancelled meanwhile.
            guard let row = try await PlayStore.game(id, locked: true, on: sql) else { throw APIError.gameNotFound(id) }
            let seats = try await PlayStore.seats(of: id, on: sql)
            if seats.contains(where: { $0.user == user }) { return nil }
            if row.status == .abandoned { throw APIError.notWaiting(.abandoned) }
            guard row.status == .waiting, seats.count < row.players else { throw APIError.gameFull() }
            let seat = SeatRow(user: user, joined: (seats.map(\.joined).max() ?? -1) + 1, name: try await UserDirectory.displayName(of: user, on: sql))
            try await PlayStore.insert(seat, into: id, on: sql)
            announcements.announce(GameNotice.joined(game: id, user: user))
            return (row, seats + [seat])
        }
        guard let joined else { return try await startedOrReloaded(id) }
        // A real-time game starts from a subscription, once every player is connected, and the
        // player who just joined has no socket on it yet; a full turn-based game starts now.
        guard joined.row.mode == .realtime || joined.seats.count < joined.row.players, let engine = engines.engine(joined.row.gameType) else {
            return try await startedOrReloaded(id)
        }
        return cached(LiveGame(row: joined.row, seats: joined.seats, engine: engine, entries: []))
    }

    /// The game started now, or as stored when it does not start.
    private func startedOrReloaded(_ id: UUID) async throws -> LiveGame {
        if let started = try await startIfReady(id) { return started }
        return try await reload(id)
    }

    /// `game`, kept in the cache and returned.
    func cached(_ game: LiveGame) -> LiveGame {
        cache.put(game)
        return game
    }

    /// The game that holds the invite code `code` (as ``InviteCode`` normalises it), whatever its
    /// status; nil when none does. A game keeps its code until it ends.
    package func game(inviteCode code: String) async throws -> UUID? {
        try await database.withConnection { sql in try await PlayStore.game(inviteCode: code, on: sql) }?.id
    }

    func join(code: String, user: String) async throws -> LiveGame {
        guard let normalised = InviteCode.normalise(code) else {
            throw APIError.invalidFields([FieldError(field: "code", message: "an invite code has \(InviteCode.length) letters and digits")])
        }
        guard let row = try await database.withConnection({ sql in try await PlayStore.game(inviteCode: normalised, on: sql) }) else {
            throw APIError.notFound("no waiting game has the invite code \(normalised)")
        }
        return try await join(row.id, user: user)
    }

    /// A game's row and seats as a start left them, before they are built into a ``LiveGame``.
    typealias StartedGame = (row: GameRow, seats: [SeatRow])

    /// Starts a full game: at once when turn-based, when every player is connected when real-time.
    /// The started game, or nil when it is not ready (or was started already).
    @discardableResult
    func startIfReady(_ id: UUID) async throws -> LiveGame? {
        let now = millis
        guard let started = try await database.transaction({ sql in try await self.start(id, at: now, on: sql) }) else { return nil }
        return try await announce(started)
    }

    /// Inside the caller's transaction, starts the game if it is full and, when real-time, every
    /// player is connected; answers the started row and seats, or nil. Seats are dealt from the
    /// game's seed, so the deal is fixed when the game is created.
    ///
    /// The game row is locked first: of two players connecting at once, the second to get the
    /// lock reads the seats after the first has committed, so one of them sees both connected.
    func start(_ id: UUID, at now: Int64, on sql: any SQLDatabase) async throws -> StartedGame? {
        guard let row = try await PlayStore.game(id, locked: true, on: sql) else { return nil }
        return try await start(row, at: now, on: sql)
    }

    /// ``start(_:at:on:)`` for a game whose row the caller has read, locked, in this transaction.
    func start(_ locked: GameRow, at now: Int64, on sql: any SQLDatabase) async throws -> StartedGame? {
        var row = locked
        let id = row.id
        guard row.status == .waiting else { return nil }
        var seats = try await PlayStore.seats(of: id, on: sql)
        guard seats.count == row.players else { return nil }
        if row.mode == .realtime, seats.contains(where: { $0.connections == 0 }) { return nil }
        let deadline = now + Int64(row.turnSeconds) * 1000
        guard try await PlayStore.start(id, at: now, deadline: deadline, on: sql) else { return nil }
        var random = GameRandom(seed: row.seed, stream: 7)
        var order = seats.map(\.user)
        random.shuffle(&order)
        try await PlayStore.assign(seats: order, in: id, on: sql)
        row.status = .active
        row.startedAt = now
        row.lastMoveAt = now
        row.deadlineAt = deadline
        for index in seats.indices { seats[index].seat = order.firstIndex(of: seats[index].user) }
        try await notifyFirstTurn(row, seats: seats, on: sql)
        return (row, seats)
    }

    /// A turn-based game that starts tells whoever moves first, as every later turn does: in the
    /// start's transaction, so a game that started always did.
    private func notifyFirstTurn(_ row: GameRow, seats: [SeatRow], on sql: any SQLDatabase) async throws {
        guard row.mode == .turnBased, let notifier = hooks.notifier, let engine = engines.engine(row.gameType) else { return }
        let game = try LiveGame.assemble(row: row, seats: seats, engine: engine, entries: [])
        guard let state = game.current else { return }
        let first = engine.turnSeats(in: state).compactMap { game.user(at: $0)?.user }
        guard !first.isEmpty else { return }
        try await notifier.turnPassed(
            TurnPassed(game: row.id, gameType: row.gameType, gameName: engine.catalogEntry.displayName, seq: 0, users: first, moverName: nil),
            on: sql)
    }

    /// A game `start` has just started (committed), announced: see ``keep(_:)``.
    func announce(_ started: StartedGame) async throws -> LiveGame {
        let game = try keep(started)
        await bus.publish(GameNotice.started(game: game.id))
        return game
    }

    /// A game `start` has just started (committed): built here rather than loaded, and kept in the cache.
    func keep(_ started: StartedGame) throws -> LiveGame {
        guard let engine = engines.engine(started.row.gameType) else {
            throw GameError.unsupportedGameVersion("this server does not play \(started.row.gameType)")
        }
        let game = try LiveGame.assemble(row: started.row, seats: started.seats, engine: engine, entries: [])
        cache.put(game)
        return game
    }
}
