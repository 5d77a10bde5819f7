import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// TopDog's lobby: the tournaments open to enter, the balance, and entering one. The server is
/// the authority on money; the model only spares the player a request it knows will fail (a fee
/// above the balance), and a retried entry reuses its idempotency key so it is never bought twice.
@MainActor @Observable
public final class TournamentLobbyModel {
    public enum Content: Equatable, Sendable {
        case loading
        case empty
        case failed(ErrorPresentation)
        case loaded([Row])
    }

    /// A tournament's line in the lobby, in the seed's words ("$25 entry · $1.5M prizes").
    public struct Row: Equatable, Sendable, Identifiable {
        public let tournament: TournamentSummary
        public var id: UUID { tournament.id }

        public init(tournament: TournamentSummary) { self.tournament = tournament }
        public var fee: String { tournament.entryFeeCents == 0 ? "Free" : Formatting.compactMoney(cents: tournament.entryFeeCents) + " entry" }
        public var prizes: String { Formatting.compactMoney(cents: tournament.totalPrizeCents) + " prizes" }
        public var firstPlace: String { "1st: " + Formatting.compactMoney(cents: tournament.firstPlaceCents) }
        /// Share of the entries taken; nil when unlimited.
        public var progress: Double? {
            tournament.maxEntries > 0 ? min(Double(tournament.entries) / Double(tournament.maxEntries), 1) : nil
        }
        public var entriesText: String {
            tournament.maxEntries > 0 ? "\(tournament.entries.formatted()) / \(tournament.maxEntries.formatted()) entries" : "\(tournament.entries.formatted()) entries"
        }
        public var isOpen: Bool { tournament.status == .open || tournament.status == .filling }
    }

    public private(set) var content: Content = .loading
    public private(set) var balanceCents: Int?
    public private(set) var entering: UUID?
    /// The last entry bought, for the confirmation banner.
    public private(set) var entered: String?
    public private(set) var entryError: ErrorPresentation?

    @ObservationIgnored @Dependency(\.tournaments) private var client
    @ObservationIgnored @Dependency(\.uuid) private var uuid
    /// The key of an entry not yet answered, so a retry after a lost answer buys nothing twice.
    @ObservationIgnored private var pendingKey: (tournament: UUID, key: String)?

    public init() {}

    public var balance: String { balanceCents.map { Formatting.money(cents: $0) } ?? "—" }

    public func load() async {
        if case .loaded = content {} else { content = .loading }
        do {
            async let tournaments = client.list()
            async let balance = client.balance()
            let rows = try await tournaments.map(Row.init(tournament:))
            balanceCents = try await balance
            content = rows.isEmpty ? .empty : .loaded(rows)
        } catch let error as ParlorError {
            content = .failed(ErrorPresentation(error))
        } catch {
            content = .failed(ErrorPresentation(ParlorError(error)))
        }
    }

    public func canEnter(_ row: Row) -> Bool { row.isOpen && entering == nil }

    public func enter(_ row: Row) async {
        guard canEnter(row) else { return }
        entryError = nil
        entered = nil
        if let balanceCents, row.tournament.entryFeeCents > balanceCents {
            entryError = ErrorPresentation(
                ParlorError(
                    kind: .insufficientBalance, code: "insufficient_balance",
                    message: "the entry fee is \(Formatting.money(cents: row.tournament.entryFeeCents)), your balance \(Formatting.money(cents: balanceCents))",
                    status: 409))
            return
        }
        let key = pendingKey?.tournament == row.id ? pendingKey?.key ?? "" : "entry-" + uuid().uuidString.lowercased()
        pendingKey = (row.id, key)
        entering = row.id
        defer { entering = nil }
        do {
            balanceCents = try await client.join(row.id, 1, key)
            pendingKey = nil
            entered = "Entered \(row.tournament.title)."
        } catch {
            // No answer: keep the key, so trying again cannot buy a second entry.
            if error.status != nil { pendingKey = nil }
            entryError = ErrorPresentation(error)
        }
    }

    public func dismissEntryError() { entryError = nil }
}
