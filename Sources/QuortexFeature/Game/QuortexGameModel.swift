import AppFoundation
import Dependencies
import Foundation
import GameCore
import GameSession
import Observation
import ParlorClient
import Quortex

/// The online game screen: the game opened by its id (a route from Home, the games list or a
/// push) or taken from the online match flow, the board's ``QuortexTableModel``, the seats, the
/// seating before the first move, resigning after a yes, the server's hint, the chat of a
/// real-time game, the network banner with the moves waiting while offline, and the game-over
/// sheet, which may switch this screen to the rematch. Every effect goes through
/// ``QuortexGameClient`` and the connection it opens.
@MainActor @Observable
public final class QuortexGameModel {
    public enum Phase: Equatable, Sendable {
        case loading
        case playing
        case failed(ErrorPresentation)
        case closed
    }

    public private(set) var gameID: UUID
    public internal(set) var phase: Phase = .loading
    public internal(set) var details: QuortexGameDetails?
    /// The board, once the game is open.
    public private(set) var table: QuortexTableModel?
    /// The chat, in a real-time game.
    public private(set) var chat: QuortexChatModel?
    /// The connection banner's model.
    public private(set) var network: NetworkStateModel?
    /// The game-over sheet's model, once the game has ended.
    public internal(set) var gameOver: QuortexGameOverModel?
    /// Whether the game-over sheet is up (the player may close it and look at the board).
    public var showsGameOver = false
    public internal(set) var seatingDismissed = false
    public internal(set) var confirmingResign = false
    public internal(set) var isResigning = false
    public internal(set) var isAskingHint = false
    /// The server's suggestion, with the number of placements on the board when it was given.
    public internal(set) var hint: (suggestion: QuortexHint, placements: Int)?
    public internal(set) var queuedMoves: [QuortexQueuedMove] = []
    /// Refused queued moves the player has not dismissed yet.
    public internal(set) var refusedMoves: [QuortexRefusedMove] = []
    /// A failed intent (resign, hint), shown until dismissed.
    public internal(set) var error: ErrorPresentation?

    @ObservationIgnored @Dependency(\.quortexGame) var client
    @ObservationIgnored @Dependency(\.uuid) var uuid
    @ObservationIgnored var connection: QuortexGameConnection?
    @ObservationIgnored var dismissedRefusals: Set<String> = []
    /// The rating when the game was opened: nil when unknown, `.some(nil)` before any rated game.
    @ObservationIgnored var ratingBefore: Int??
    /// The number of placements when the turn's deadline was last read: a new turn reads it again.
    @ObservationIgnored private var deadlineReadAt: Int?
    @ObservationIgnored private var match: OnlineMatchModel<Quortex>?
    @ObservationIgnored private var opening: Task<Void, Never>?

    public init(gameID: UUID) {
        self.gameID = gameID
    }

    /// The game the online match flow has opened; nil until it has (its phase is `.playing`).
    public convenience init?(match: OnlineMatchModel<Quortex>) {
        guard match.endpoint != nil, let id = match.game.flatMap({ UUID(uuidString: $0.id) }) else { return nil }
        self.init(gameID: id)
        self.match = match
    }

    // MARK: Derived state

    public var isRealtime: Bool { details?.isRealtime == true }
    /// Each dealt seat's player name.
    public var seatNames: [Int: String] { details?.seatNames ?? [:] }
    /// "Waiting for 1 more player…" while the game gathers its players (a rematch not yet accepted).
    public var waitingText: String? {
        guard let details, details.status == .waiting else { return nil }
        let missing = max(details.players - details.places.count, 1)
        return "Waiting for \(missing) more player\(missing == 1 ? "" : "s")…"
    }
    public let resignQuestion = "Resign this game? It counts as a loss."

    // MARK: Intents

    /// Reads the game and the player's rating, and opens the game for play.
    public func open() async {
        phase = .loading
        do throws(ParlorError) {
            let read = try await client.game(gameID)
            details = read
            // Read before the game ends, so the game-over sheet can say what it changed; a game
            // already over has changed it already, and a rating that cannot be read only costs that line.
            ratingBefore = read.status == .completed ? nil : await readRating()
            let opened = try await openConnection()
            adopt(opened, details: read)
            phase = .playing
        } catch {
            phase = .failed(ErrorPresentation(error))
        }
    }

    /// Opens the game if needed and follows it until the screen goes (cancelled) or it is
    /// closed; a rematch opened meanwhile is followed next.
    public func run() async {
        if connection == nil {
            guard phase != .closed else { return }
            await open()
        }
        while !Task.isCancelled, phase == .playing, let connection {
            let following = gameID
            await follow(connection)
            await opening?.value
            guard gameID != following else { return }
        }
    }

    /// Lets the game go: its connection closes (the game goes on without the player on the
    /// server's clock; leaving a game in play is resigning it, asked separately).
    public func close() async {
        phase = .closed
        let opened = connection
        connection = nil
        if let match {
            self.match = nil
            await match.close()
        } else {
            await opened?.close()
        }
    }

    /// Leaves this game for `id` (the rematch): the old one is closed and the new one opened.
    public func switchTo(_ id: UUID) async {
        let old = connection
        let oldMatch = match
        connection = nil
        match = nil
        gameID = id
        reset()
        let task = Task { await self.open() }
        opening = task
        if let oldMatch { await oldMatch.close() } else { await old?.close() }
        await task.value
    }

    /// What changed after a new snapshot: the queue, the seats once dealt, the end of the game.
    public func noteChange() async {
        guard let table, let connection else { return }
        queuedMoves = await connection.queuedMoves()
        refusedMoves = await connection.refusedMoves().filter { !dismissedRefusals.contains($0.id) }
        // The seats are dealt at the start, and each turn has its own deadline: read the game
        // again then (once per turn, not per snapshot).
        let placements = table.view?.placements
        let newTurn = details?.status == .active && placements != nil && placements != deadlineReadAt
        if details?.status == .waiting || newTurn, table.view != nil, let read = try? await client.game(gameID) {
            deadlineReadAt = placements
            adoptDetails(read)
        }
        if gameOver == nil, let outcome = table.table.outcome {
            // The sheet's model goes through the same dependencies as this one.
            let over = withDependencies(from: self) {
                QuortexGameOverModel(
                    gameID: gameID, outcome: outcome, verdict: table.table.verdict(for: outcome), viewerSeat: table.viewerSeat,
                    seatNames: seatNames, ratingBefore: ratingBefore, onRematch: { [weak self] id in await self?.switchTo(id) })
            }
            gameOver = over
            showsGameOver = true
            confirmingResign = false
            await over.loadRating()
        }
    }

    // MARK: Opening and following

    private func readRating() async -> Int?? {
        do throws(ParlorError) {
            return .some(try await client.rating())
        } catch {
            return nil
        }
    }

    private func openConnection() async throws(ParlorError) -> QuortexGameConnection {
        if let endpoint = match?.endpoint { return await client.attach(endpoint) }
        return try await client.open(gameID)
    }

    private func adopt(_ opened: QuortexGameConnection, details read: QuortexGameDetails) {
        connection = opened
        let client = self.client
        let id = gameID
        table = QuortexTableModel(
            endpoint: opened.endpoint, seatLabels: read.seatNames, leavePrompt: resignQuestion,
            finalOutcome: { (try? await client.game(id))?.outcome })
        table?.turnDeadline = read.turnDeadline
        chat = read.isRealtime ? withDependencies(from: self) { QuortexChatModel(myUserID: read.yourUserID, send: opened.sendChat) } : nil
        network = withDependencies(from: self) { $0.networkMonitor = opened.network } operation: { NetworkStateModel() }
    }

    func adoptDetails(_ read: QuortexGameDetails) {
        details = read
        table?.table.seatLabels = read.seatNames
        table?.turnDeadline = read.status == .active ? read.turnDeadline : nil
        chat?.myUserID = read.yourUserID
    }

    /// Follows the connection until its endpoint stops: the board, and beside it the chat, the
    /// network's state and the queued moves sent when the server is back.
    private func follow(_ opened: QuortexGameConnection) async {
        let beside = followBeside(opened)
        defer { for task in beside { task.cancel() } }
        await table?.refresh()
        await noteChange()
        for await _ in opened.endpoint.changes {
            await table?.refresh()
            await noteChange()
        }
    }

    /// Tasks the caller cancels when the game is let go.
    private func followBeside(_ opened: QuortexGameConnection) -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        if let chat {
            tasks.append(Task { for await event in await opened.chatEvents() { chat.handle(event) } })
        }
        if let network {
            tasks.append(Task { await network.follow() })
        }
        tasks.append(
            Task { [weak self] in
                // Back online with moves waiting: send them, then show what is left.
                for await reading in opened.network.readings() where reading.hasNetwork && reading.queuedMoves > 0 {
                    await opened.deliverQueued()
                    await self?.noteChange()
                }
            })
        return tasks
    }

    private func reset() {
        phase = .loading
        details = nil
        table = nil
        chat = nil
        network = nil
        gameOver = nil
        showsGameOver = false
        seatingDismissed = false
        confirmingResign = false
        hint = nil
        queuedMoves = []
        refusedMoves = []
        dismissedRefusals = []
        error = nil
        ratingBefore = nil
    }
}
