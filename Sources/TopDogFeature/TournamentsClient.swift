import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// A tournament as the lobby lists it.
public struct TournamentSummary: Equatable, Sendable, Identifiable {
    public enum Status: String, Equatable, Sendable {
        case open, filling, full, drafting, complete
    }

    public let id: UUID
    public let title: String
    public let entryFeeCents: Int
    public let totalPrizeCents: Int
    public let firstPlaceCents: Int
    public let entries: Int
    /// 0 is unlimited.
    public let maxEntries: Int
    public let status: Status

    public init(
        id: UUID, title: String, entryFeeCents: Int, totalPrizeCents: Int, firstPlaceCents: Int, entries: Int, maxEntries: Int, status: Status
    ) {
        self.id = id
        self.title = title
        self.entryFeeCents = entryFeeCents
        self.totalPrizeCents = totalPrizeCents
        self.firstPlaceCents = firstPlaceCents
        self.entries = entries
        self.maxEntries = maxEntries
        self.status = status
    }
}

/// The lobby's outside effects: tournaments, the wallet's balance, and buying entries.
public struct TournamentsClient: Sendable {
    public var list: @Sendable () async throws(ParlorError) -> [TournamentSummary]
    public var balance: @Sendable () async throws(ParlorError) -> Int
    /// Buys `count` entries under the client's `key` (a retry with it buys nothing twice);
    /// answers the balance after.
    public var join: @Sendable (_ tournament: UUID, _ count: Int, _ key: String) async throws(ParlorError) -> Int

    public init(
        list: @escaping @Sendable () async throws(ParlorError) -> [TournamentSummary],
        balance: @escaping @Sendable () async throws(ParlorError) -> Int,
        join: @escaping @Sendable (_ tournament: UUID, _ count: Int, _ key: String) async throws(ParlorError) -> Int
    ) {
        self.list = list
        self.balance = balance
        self.join = join
    }

    public static func live(_ client: ParlorClient) -> TournamentsClient {
        TournamentsClient(
            list: { () async throws(ParlorError) -> [TournamentSummary] in
                try await parlorCall { try await client.api.listTournaments().ok.body.json }.tournaments.compactMap { each in
                    guard let id = UUID(uuidString: each.id), let status = TournamentSummary.Status(rawValue: each.status.rawValue) else { return nil }
                    return TournamentSummary(
                        id: id, title: each.title, entryFeeCents: Int(each.entryFeeCents), totalPrizeCents: Int(each.totalPrizeCents),
                        firstPlaceCents: Int(each.firstPlaceCents), entries: each.entries, maxEntries: each.maxEntries, status: status)
                }
            },
            balance: { () async throws(ParlorError) -> Int in
                Int(try await parlorCall { try await client.api.getWallet().ok.body.json }.balanceCents)
            },
            join: { tournament, count, key throws(ParlorError) in
                let id = tournament.uuidString.lowercased()
                let result = try await parlorCall {
                    try await client.api.joinTournament(path: .init(tournamentID: id), body: .json(.init(count: count, idempotencyKey: key))).created.body.json
                }
                return Int(result.balanceCents)
            })
    }
}

extension TournamentsClient: DependencyKey {
    public static var liveValue: TournamentsClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: TournamentsClient {
        TournamentsClient(
            list: { () async throws(ParlorError) -> [TournamentSummary] in throw unset("list") },
            balance: { () async throws(ParlorError) -> Int in throw unset("balance") },
            join: { _, _, _ throws(ParlorError) in throw unset("join") })
    }

    private static func unset(_ name: String) -> ParlorError {
        reportIssue("TournamentsClient.\(name) is not set in this test")
        return ParlorError(kind: .unexpectedResponse, code: "unimplemented", message: "TournamentsClient.\(name) is not set")
    }
}

extension DependencyValues {
    public var tournaments: TournamentsClient {
        get { self[TournamentsClient.self] }
        set { self[TournamentsClient.self] = newValue }
    }
}
