import AppFoundation
import ConcurrencyExtras
import Dependencies
import Foundation
import ParlorClient
import Testing
import TopDogFeature

@MainActor
@Suite struct TournamentLobbyModelTests {
    static let bigOne = TournamentSummary(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000000AA") ?? UUID(), title: "Best Ball Mania", entryFeeCents: 2_500,
        totalPrizeCents: 150_000_000, firstPlaceCents: 50_000_000, entries: 1_234, maxEntries: 10_000, status: .filling)
    static let closed = TournamentSummary(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000000BB") ?? UUID(), title: "Done", entryFeeCents: 0, totalPrizeCents: 0,
        firstPlaceCents: 0, entries: 12, maxEntries: 0, status: .complete)

    final class Joins: Sendable {
        let keys = LockIsolated<[String]>([])
        let answers: LockIsolated<[Result<Int, ParlorError>]>
        init(_ answers: [Result<Int, ParlorError>]) { self.answers = LockIsolated(answers) }
    }

    func model(balance: Int = 10_000, list: Result<[TournamentSummary], ParlorError> = .success([bigOne, closed]), joins: Joins = Joins([])) -> TournamentLobbyModel {
        withDependencies {
            $0.tournaments = TournamentsClient(
                list: { () async throws(ParlorError) -> [TournamentSummary] in try list.get() },
                balance: { () async throws(ParlorError) -> Int in balance },
                join: { _, count, key throws(ParlorError) in
                    #expect(count == 1)
                    joins.keys.withValue { $0.append(key) }
                    let next = joins.answers.withValue { $0.isEmpty ? Result<Int, ParlorError>.success(0) : $0.removeFirst() }
                    return try next.get()
                })
            $0.uuid = .incrementing
        } operation: { TournamentLobbyModel() }
    }

    @Test func rowsReadAsTheSeedWritesThem() async throws {
        let model = model()
        await model.load()
        guard case .loaded(let rows) = model.content else {
            Issue.record("not loaded: \(model.content)")
            return
        }
        #expect(model.balance == "$100.00")
        #expect(rows[0].fee == "$25 entry")
        #expect(rows[0].prizes == "$1.5M prizes")
        #expect(rows[0].firstPlace == "1st: $500K")
        #expect(rows[0].entriesText == "1,234 / 10,000 entries")
        #expect(rows[0].progress == 0.1234)
        #expect(rows[1].fee == "Free")
        #expect(rows[1].progress == nil)
        #expect(model.canEnter(rows[0]))
        #expect(!model.canEnter(rows[1]))
    }

    @Test func emptyAndFailedLobbies() async {
        let empty = model(list: .success([]))
        await empty.load()
        #expect(empty.content == .empty)
        let offline = ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "offline")
        let failed = model(list: .failure(offline))
        await failed.load()
        #expect(failed.content == .failed(ErrorPresentation(offline)))
    }

    @Test func enteringUpdatesTheBalance() async {
        let joins = Joins([.success(7_500)])
        let model = model(joins: joins)
        await model.load()
        await model.enter(TournamentLobbyModel.Row(tournament: Self.bigOne))
        #expect(model.balanceCents == 7_500)
        #expect(model.entered == "Entered Best Ball Mania.")
        #expect(joins.keys.value == ["entry-00000000-0000-0000-0000-000000000000"])
    }

    @Test func aFeeAboveTheBalanceIsNotSent() async {
        let joins = Joins([])
        let model = model(balance: 1_000, joins: joins)
        await model.load()
        await model.enter(TournamentLobbyModel.Row(tournament: Self.bigOne))
        #expect(joins.keys.value.isEmpty)
        #expect(model.entryError?.title == "Insufficient balance")
        #expect(model.entryError?.message == "The entry fee is $25.00, your balance $10.00. Add funds to continue.")
        #expect(model.entryError?.recovery == .addFunds)
    }

    @Test func aRetryAfterALostAnswerReusesTheKeySoNothingIsBoughtTwice() async {
        let lost = ParlorError(kind: .timeout, code: "timeout", message: "no answer")
        let refused = ParlorError(kind: .conflict, code: "tournament_full", message: "the tournament is full", status: 409)
        let joins = Joins([.failure(lost), .success(7_500), .failure(refused), .success(5_000)])
        let model = model(joins: joins)
        await model.load()
        let row = TournamentLobbyModel.Row(tournament: Self.bigOne)
        await model.enter(row)
        #expect(model.entryError?.recovery == .retry)
        await model.enter(row)
        #expect(model.balanceCents == 7_500)
        // A refusal is an answer: the next entry is a new request with a new key.
        await model.enter(row)
        #expect(model.entryError?.message == "The tournament is full. Things changed meanwhile; refresh and try again.")
        await model.enter(row)
        let keys = joins.keys.value
        #expect(keys.count == 4)
        #expect(keys[0] == keys[1])
        #expect(Set(keys).count == 3)
    }
}
