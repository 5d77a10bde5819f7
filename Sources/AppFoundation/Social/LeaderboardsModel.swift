import Dependencies
import Foundation
import Observation
import ParlorClient

/// A game's leaderboards: its boards, the period (all time, this month, week, day), the top with
/// ranks (paged), the player's neighbourhood and their friends. Switching board or period
/// reloads; an answer for a board or period the player has since left is dropped.
@MainActor @Observable
public final class LeaderboardsModel {
    /// Entries per page of the top.
    public static let pageSize = 50
    /// Entries shown either side of the player's own.
    public static let radius = 3

    /// The game whose boards these are (`quortex`).
    public let game: String
    public private(set) var boards: [Leaderboard] = []
    public private(set) var board: Leaderboard?
    public private(set) var period: LeaderboardPeriod = .allTime
    /// The top's state; the sections below it load with it.
    public private(set) var phase: SocialLoadPhase = .loading
    public private(set) var top: [LeaderboardRow] = []
    /// Entries on the board in this period (the top may hold fewer: more pages to read).
    public private(set) var total = 0
    /// The player's row: nil when they have no entry in the period.
    public private(set) var me: LeaderboardRow?
    public private(set) var aroundMe: [LeaderboardRow] = []
    public private(set) var friends: [LeaderboardRow] = []
    public private(set) var isLoadingMore = false
    /// A failed next page: the rows read so far stay.
    public private(set) var moreError: ErrorPresentation?
    /// The pickers' selections. The screen applies them with ``applyChoice()`` when they change
    /// (`.task(id: model.choice)`); a choice the game or board does not offer snaps back.
    public var boardChoice = ""
    public var periodChoice: LeaderboardPeriod = .allTime

    @ObservationIgnored @Dependency(\.socialClient) private var client
    @ObservationIgnored private var next: String?
    /// Bumped by every reload: an older load's answer is dropped.
    @ObservationIgnored private var generation = 0

    public init(game: String) {
        self.game = game
    }

    public var periods: [LeaderboardPeriod] { board?.periods ?? [] }

    /// Changes whenever either picker does.
    public var choice: String { boardChoice + "|" + periodChoice.rawValue }

    public var canLoadMore: Bool { next != nil && !isLoadingMore && phase == .loaded }

    /// `You are #4 of 120`, or what to do to get on the board.
    public var standing: String {
        if let me { return "You are #\(me.rank) of \(total)" }
        return "Finish a game to get on this board."
    }

    /// Why the list is empty, in the screen's words.
    public var emptyMessage: String {
        guard let board else { return "There are no leaderboards for this game yet." }
        let span =
            switch period {
            case .allTime: "yet"
            case .monthly: "this month"
            case .weekly: "this week"
            case .daily: "today"
            }
        return "No one is on \(board.name) \(span). Finish a game to be the first."
    }

    /// The boards (once), then the chosen board's entries.
    public func load() async {
        if boards.isEmpty {
            phase = .loading
            do {
                boards = try await client.leaderboards(game)
            } catch {
                phase = .failed(ErrorPresentation(error))
                return
            }
            board = boards.first
            if let board, !board.periods.contains(period) { period = board.periods.first ?? .allTime }
            syncChoice()
        }
        await reload()
    }

    public func select(board id: String) async {
        guard let chosen = boards.first(where: { $0.id == id }), chosen.id != board?.id else { return syncChoice() }
        board = chosen
        if !chosen.periods.contains(period) { period = chosen.periods.first ?? .allTime }
        syncChoice()
        await reload()
    }

    public func select(period: LeaderboardPeriod) async {
        guard period != self.period, periods.contains(period) else { return syncChoice() }
        self.period = period
        syncChoice()
        await reload()
    }

    /// Shows what the pickers chose: the board first (it decides the periods), then the period.
    public func applyChoice() async {
        let (boardChoice, periodChoice) = (boardChoice, periodChoice)
        if boardChoice != board?.id { await select(board: boardChoice) }
        if periodChoice != period { await select(period: periodChoice) }
    }

    /// The pickers show the board and period on screen (a choice not offered snaps back).
    private func syncChoice() {
        boardChoice = board?.id ?? ""
        periodChoice = period
    }

    /// The next page of the top.
    public func loadMore() async {
        guard canLoadMore, let board, let cursor = next else { return }
        let generation = generation
        isLoadingMore = true
        moreError = nil
        defer { if generation == self.generation { isLoadingMore = false } }
        do {
            let page = try await client.top(board.id, period, cursor, Self.pageSize)
            guard generation == self.generation else { return }
            let known = Set(top.map(\.id))
            top += rows(page.entries.filter { !known.contains($0.user.id) }, board: board)
            total = page.total
            next = page.next
        } catch {
            guard generation == self.generation else { return }
            moreError = ErrorPresentation(error)
        }
    }

    /// A row of the top came on screen: the last one reads the next page.
    public func rowAppeared(_ row: LeaderboardRow) async {
        guard row.id == top.last?.id else { return }
        await loadMore()
    }

    /// The screen's retry and pull to refresh: everything again (the boards too, if they failed).
    public func refresh() async {
        await load()
    }

    private func reload() async {
        generation += 1
        let generation = generation
        next = nil
        moreError = nil
        isLoadingMore = false
        guard let board else {
            clear()
            phase = .empty
            return
        }
        phase = .loading
        let (client, period) = (client, period)
        async let topAnswer = Self.result { () async throws(ParlorError) in try await client.top(board.id, period, nil, Self.pageSize) }
        async let aroundAnswer = Self.result { () async throws(ParlorError) in try await client.aroundMe(board.id, period, Self.radius) }
        async let friendsAnswer = Self.result { () async throws(ParlorError) in try await client.friendsBoard(board.id, period) }
        let (page, around, friendsWindow) = await (topAnswer, aroundAnswer, friendsAnswer)
        guard generation == self.generation else { return }
        do {
            let first = try page.get()
            let window = try around.get()
            let circle = try friendsWindow.get()
            let myID = window.me?.user.id
            top = rows(first.entries, board: board, myID: myID)
            total = first.total
            next = first.next
            me = window.me.map { row($0, board: board, myID: myID) }
            aroundMe = rows(window.entries, board: board, myID: myID)
            friends = rows(circle.entries, board: board, myID: myID)
            phase = top.isEmpty ? .empty : .loaded
        } catch {
            clear()
            phase = .failed(ErrorPresentation(error))
        }
    }

    private func clear() {
        top = []
        total = 0
        me = nil
        aroundMe = []
        friends = []
    }

    private func rows(_ entries: [LeaderboardEntry], board: Leaderboard, myID: String? = nil) -> [LeaderboardRow] {
        let mine = myID ?? me?.user.id
        return entries.map { row($0, board: board, myID: mine) }
    }

    private func row(_ entry: LeaderboardEntry, board: Leaderboard, myID: String?) -> LeaderboardRow {
        LeaderboardRow(rank: entry.rank, user: entry.user, score: "\(entry.score)", isMe: entry.user.id == myID)
    }

    private nonisolated static func result<Value: Sendable>(
        _ call: @Sendable () async throws(ParlorError) -> Value
    ) async -> Result<Value, ParlorError> {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }
}
