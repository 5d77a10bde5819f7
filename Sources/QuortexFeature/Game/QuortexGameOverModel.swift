import AppFoundation
import Dependencies
import Foundation
import GameCore
import Observation
import ParlorClient

/// The game-over sheet: the outcome in words, the rating change (the rating read when the game
/// was opened against the one after it), a rematch offered or accepted (both through the same
/// route, after which each player opens the new game), and the replay to share.
@MainActor @Observable
public final class QuortexGameOverModel {
    public enum RatingChange: Equatable, Sendable {
        case loading
        case changed(before: Int, after: Int)
        /// Why no change is shown (the game was already over when opened, or the server did not answer).
        case unavailable(String)
    }

    public enum Rematch: Equatable, Sendable {
        case none
        /// Asking the server (offering or accepting).
        case asking
        /// Another player offered this game.
        case offered(UUID)
        /// The player is in the rematch: it opens next.
        case joined(UUID)
        case failed(ErrorPresentation)
    }

    /// The server's starting rating (`EloRating.startingRating`): a player without a Quortex
    /// rating before the game had this one.
    public static let startingRating = 1200

    public let gameID: UUID
    public let outcome: GameOutcome
    /// "Game over: you won (resignation)." as every table says it.
    public let verdict: String
    public private(set) var rating: RatingChange = .loading
    public private(set) var rematch: Rematch = .none
    public private(set) var replay: QuortexReplay?
    public private(set) var replayError: ErrorPresentation?
    public private(set) var isPreparingReplay = false

    @ObservationIgnored private let viewerSeat: Int?
    @ObservationIgnored private let seatNames: [Int: String]
    /// The rating read when the game was opened; nil when it could not be (then no change is shown).
    @ObservationIgnored private let ratingBefore: Int??
    @ObservationIgnored private let onRematch: @MainActor (UUID) async -> Void
    @ObservationIgnored @Dependency(\.quortexGame) private var client
    @ObservationIgnored @Dependency(\.continuousClock) private var clock

    /// `ratingBefore`: nil when it is not known, `.some(nil)` when the player had no rating yet.
    public init(
        gameID: UUID, outcome: GameOutcome, verdict: String, viewerSeat: Int?, seatNames: [Int: String], ratingBefore: Int??,
        onRematch: @escaping @MainActor (UUID) async -> Void
    ) {
        self.gameID = gameID
        self.outcome = outcome
        self.verdict = verdict
        self.viewerSeat = viewerSeat
        self.seatNames = seatNames
        self.ratingBefore = ratingBefore
        self.onRematch = onRematch
    }

    // MARK: Derived state

    /// "You won!", "You lost", "Olga won", "Nobody won".
    public var headline: String {
        if outcome.winners.isEmpty { return "Nobody won" }
        if let viewerSeat { return outcome.winners.contains(viewerSeat) ? "You won!" : "You lost" }
        let names = outcome.winners.map { seatNames[$0] ?? "P\($0 + 1)" }
        return names.joined(separator: " and ") + " won"
    }

    /// How it was decided, in words.
    public var reason: String {
        switch outcome.winType {
        case .resignation: "Everyone else resigned or ran out of time."
        case "flow": "A flow joined its two sides."
        case "constraint": "The drawn tile fitted nowhere."
        case .tie: "One move completed several flows at once."
        case .draw: "Nobody could win."
        default: "It ended by \(outcome.winType.rawValue)."
        }
    }

    /// `+12`, `−8` or `±0`, once known.
    public var ratingChangeText: String? {
        guard case .changed(let before, let after) = rating else { return nil }
        return Formatting.ratingChange(after - before)
    }

    /// "Rating 1212 (+12)", "Rating…" while it loads, or why it is not shown.
    public var ratingText: String {
        switch rating {
        case .loading: "Rating…"
        case .changed(_, let after): "Rating \(after) (\(ratingChangeText ?? ""))"
        case .unavailable(let why): why
        }
    }

    /// Players may offer a rematch; a spectator may not.
    public var canOfferRematch: Bool {
        guard viewerSeat != nil else { return false }
        switch rematch {
        case .none, .failed: return true
        case .asking, .offered, .joined: return false
        }
    }
    public var canAcceptRematch: Bool {
        if case .offered = rematch { return true }
        return false
    }
    public var rematchText: String? {
        switch rematch {
        case .none: nil
        case .asking: "Asking the server…"
        case .offered: "A rematch is offered."
        case .joined: "Opening the rematch…"
        case .failed(let error): error.message
        }
    }

    // MARK: Intents

    /// Reads the rating after the game and compares it with the one before.
    public func loadRating() async {
        guard let ratingBefore else {
            rating = .unavailable("The rating change is not known for this game.")
            return
        }
        rating = .loading
        do throws(ParlorError) {
            let after = try await client.rating() ?? Self.startingRating
            rating = .changed(before: ratingBefore ?? Self.startingRating, after: after)
        } catch {
            rating = .unavailable(ErrorPresentation(error).message)
        }
    }

    /// Offers a rematch (the others are invited) and opens it to wait for them there.
    public func offerRematch() async {
        guard canOfferRematch else { return }
        await join()
    }

    /// Takes the player's place in the rematch another player offered, and opens it.
    public func acceptRematch() async {
        guard canAcceptRematch else { return }
        await join()
    }

    /// Asks the server whether another player has offered a rematch.
    public func checkForOffer() async {
        guard rematch == .none else { return }
        guard let offered = try? await client.rematchOffer(gameID), rematch == .none else { return }
        rematch = .offered(offered)
    }

    /// Asks every `interval` until a rematch is offered (the sheet's `.task`; ends when cancelled).
    public func watchForOffer(every interval: Duration = .seconds(2)) async {
        while rematch == .none, !Task.isCancelled {
            await checkForOffer()
            guard rematch == .none, (try? await clock.sleep(for: interval)) != nil else { return }
        }
    }

    /// Fetches the replay to share.
    public func prepareReplay() async {
        guard replay == nil, !isPreparingReplay else { return }
        isPreparingReplay = true
        defer { isPreparingReplay = false }
        do throws(ParlorError) {
            replay = try await client.replay(gameID)
            replayError = nil
        } catch {
            replayError = ErrorPresentation(error)
        }
    }

    /// The same route offers and accepts: the first to ask makes the game, the others join it.
    private func join() async {
        rematch = .asking
        do throws(ParlorError) {
            let game = try await client.rematch(gameID)
            rematch = .joined(game.id)
            await onRematch(game.id)
        } catch {
            rematch = .failed(ErrorPresentation(error))
        }
    }
}
