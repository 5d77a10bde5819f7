import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing
import TestSupport

/// Searching by username: nothing is asked for text no username could start with, the field is
/// searched only after a pause (on the test clock), results are marked against the lists, and
/// a failed or empty search says so.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FriendSearchTests {
    typealias F = SocialFixtures
    nonisolated static let eve = SocialUser(id: "u-eve", username: "eve", displayName: "Eve")

    func model(
        clock: TestClock<Duration> = TestClock(), searched: LockIsolated<[String]>,
        answer: @escaping @Sendable (String) throws(ParlorError) -> [SocialUser]
    ) -> FriendsModel {
        withDependencies {
            $0.continuousClock = clock
            $0.date.now = F.day
            $0.socialClient.search = { prefix throws(ParlorError) in
                searched.withValue { $0.append(prefix) }
                return try answer(prefix)
            }
            $0.socialClient.friends = { () async throws(ParlorError) -> [Friend] in
                [Friend(user: F.ann, since: F.day, presence: .online)]
            }
            $0.socialClient.outgoingRequests = { () async throws(ParlorError) -> [ListedUser] in [ListedUser(user: F.bob, since: F.day)] }
            $0.socialClient.incomingRequests = { () async throws(ParlorError) -> [ListedUser] in [ListedUser(user: F.cy, since: F.day)] }
            $0.socialClient.blocked = { () async throws(ParlorError) -> [ListedUser] in [ListedUser(user: F.dee, since: F.day)] }
            $0.socialClient.act = { action, user throws(ParlorError) in
                #expect(action == .request && user == Self.eve.id)
                return (Self.eve, .requestSent)
            }
        } operation: { FriendsModel(myUserID: F.me.id) }
    }

    @Test(arguments: [
        ("", nil), (" ", nil), ("a", "Type at least 2 letters of a username."),
        ("ann lee", "Usernames have only letters, digits and _."), ("zoë", "Usernames have only letters, digits and _."),
        (String(repeating: "x", count: 21), "Usernames are at most 20 characters."),
    ] as [(String, String?)])
    func textNoUsernameCouldStartWithIsNotSearched(text: String, hint: String?) async {
        let searched = LockIsolated<[String]>([])
        let model = model(searched: searched) { _ throws(ParlorError) in [] }
        model.query = text
        await model.searchAfterPause()
        #expect(model.search == .idle(hint: hint))
        #expect(model.results.isEmpty)
        #expect(searched.value.isEmpty)
    }

    @Test func theFieldIsSearchedOnlyAfterAPauseAndOnlyItsLastText() async {
        let clock = TestClock()
        let searched = LockIsolated<[String]>([])
        let model = model(clock: clock, searched: searched) { _ throws(ParlorError) in [F.ann] }
        model.query = "an"
        let first = Task { await model.searchAfterPause() }
        #expect(await Self.pausing(clock))
        await clock.advance(by: .milliseconds(200))
        #expect(searched.value.isEmpty)

        // Typing again: the view's `.task(id: query)` cancels the first wait and starts another.
        model.query = "ann"
        first.cancel()
        await first.value
        let second = Task { await model.searchAfterPause() }
        #expect(await Self.pausing(clock))
        await clock.advance(by: .milliseconds(200))
        #expect(searched.value.isEmpty)
        await clock.advance(by: .milliseconds(150))
        await second.value
        #expect(searched.value == ["ann"])
        #expect(model.search == .results)
        #expect(model.results.map(\.user) == [F.ann])
    }

    @Test func resultsAreMarkedAgainstTheListsAndARequestMarksItsRowAtOnce() async throws {
        let clock = TestClock()
        let searched = LockIsolated<[String]>([])
        let model = model(clock: clock, searched: searched) { _ throws(ParlorError) in [F.ann, F.bob, F.cy, F.dee, F.me, Self.eve] }
        await model.load()
        model.query = " ma "
        let search = Task { await model.searchAfterPause() }
        #expect(await Self.pausing(clock))
        await clock.advance(by: FriendsModel.searchPause)
        await search.value
        #expect(searched.value == ["ma"])
        #expect(model.results.map(\.mark) == [.friend, .requested, .asksYou, .blocked, .you, .none])
        #expect(model.results.map(\.label) == ["Friend", "Requested", "Asked you", "Blocked", "You", nil])
        #expect(model.results.map(\.canRequest) == [false, false, true, false, false, true])

        let eve = try #require(model.results.last)
        await model.sendRequest(to: eve.user)
        #expect(model.results.last?.mark == .requested)
        #expect(model.outgoing.map(\.user).contains(Self.eve))
        #expect(model.notice == "Request sent to Eve.")
    }

    @Test func noMatchesAndAFailedSearchSaySo() async {
        let clock = TestClock()
        let searched = LockIsolated<[String]>([])
        let model = model(clock: clock, searched: searched) { prefix throws(ParlorError) in
            if prefix == "zz" { return [] }
            throw ParlorError(kind: .rateLimited, code: "rate_limited", message: "slow down", status: 429, retryAfter: 12)
        }
        model.query = "zz"
        let quiet = Task { await model.searchAfterPause() }
        #expect(await Self.pausing(clock))
        await clock.advance(by: FriendsModel.searchPause)
        await quiet.value
        #expect(model.search == .noMatches)

        model.query = "qq"
        let failing = Task { await model.searchAfterPause() }
        #expect(await Self.pausing(clock))
        await clock.advance(by: FriendsModel.searchPause)
        await failing.value
        guard case .failed(let error) = model.search else {
            Issue.record("expected a failed search, got \(model.search)")
            return
        }
        #expect(error.title == "Too many tries")
        #expect(error.recovery == .wait(seconds: 12))
        #expect(model.results.isEmpty)
    }

    /// Whether the model's pause is on the test clock (someone sleeps on it) within a deadline,
    /// so advancing the clock reaches it.
    nonisolated static func pausing(_ clock: TestClock<Duration>) async -> Bool {
        await eventually(timeout: .seconds(10)) {
            do {
                try await clock.checkSuspension()
                return false
            } catch {
                return true
            }
        }
    }
}
