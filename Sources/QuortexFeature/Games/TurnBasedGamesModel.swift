import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// The turn-based games list: your turn first, then their turn (waiting games with them), then
/// the finished ones, each row opening its game; pull to refresh and paging. How far back the
/// finished games go is the server's decision (90 days, or all of them with Plus or Pro:
/// `listGames` leaves older ones out), so the list shows what it is given.
@MainActor @Observable
public final class TurnBasedGamesModel {
    public var route: QuortexRoute?
    public private(set) var yourTurn: [GameListing] = []
    public private(set) var theirTurn: [GameListing] = []
    public private(set) var finished: [GameListing] = []
    public private(set) var isLoading = false
    public private(set) var isLoadingMore = false
    public private(set) var hasLoaded = false
    public private(set) var error: ErrorPresentation?

    @ObservationIgnored @Dependency(\.onlineGames) private var games
    @ObservationIgnored @Dependency(\.date.now) private var now
    /// Every game read so far, in the server's order, before sorting into sections.
    @ObservationIgnored private var read: [OnlineGameSummary] = []
    @ObservationIgnored private var next: String?

    public init() {}

    // MARK: Derived state

    public var isEmpty: Bool { hasLoaded && yourTurn.isEmpty && theirTurn.isEmpty && finished.isEmpty }
    public var canLoadMore: Bool { hasLoaded && next != nil && !isLoadingMore }
    public let emptyText = "No turn-based games yet. Start one from Home: choose Turn-based in a private game."
    public let finishedFootnote = "Finished games of the last 90 days; Plus and Pro keep them all."

    // MARK: Intents

    /// The first page (on appearing and on pull to refresh); what was read before is replaced.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do throws(ParlorError) {
            let page = try await games.list(nil, nil)
            read = page.games
            next = page.next
            hasLoaded = true
            error = nil
            arrange()
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    /// The next page, after the last row shows.
    public func loadMore() async {
        guard canLoadMore, let cursor = next else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        do throws(ParlorError) {
            let page = try await games.list(nil, cursor)
            let known = Set(read.map(\.id))
            read += page.games.filter { !known.contains($0.id) }
            next = page.next
            error = nil
            arrange()
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    /// Loads the next page when `listing` is the last row shown.
    public func rowAppeared(_ listing: GameListing) async {
        let last = finished.last ?? theirTurn.last ?? yourTurn.last
        if listing.id == last?.id { await loadMore() }
    }

    public func open(_ listing: GameListing) {
        route = listing.route
    }

    public func dismissError() {
        error = nil
    }

    /// Turn-based Quortex games into the three sections.
    private func arrange() {
        let time = now
        let mine = read.filter { $0.isQuortex && ($0.mode == nil || $0.mode == .turnBased) }
        yourTurn = mine.filter(\.isYourTurn).yourTurnFirst().map { GameListing($0, now: time) }
        theirTurn = mine.filter { $0.status != .completed && !$0.isYourTurn }.yourTurnFirst().map { GameListing($0, now: time) }
        finished = mine.filter { $0.status == .completed }.sorted { ($0.endedAt ?? .distantPast) > ($1.endedAt ?? .distantPast) }
            .map { GameListing($0, now: time) }
    }
}
