import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing
import TestSupport

/// The leaderboards screen on set closures: boards and periods, top with ranks, around me with
/// my row marked, friends, paging, the empty and failed states, and answers that come too late.
@MainActor
@Suite struct LeaderboardsModelTests {
    typealias F = SocialFixtures

    /// What the model asked for, in order: `board period cursor limit` for the top, `around …`, `friends …`.
    final class Calls: Sendable {
        let log = LockIsolated<[String]>([])
        func note(_ line: String) { log.withValue { $0.append(line) } }
    }

    func model(
        boards: [Leaderboard] = [F.rating, F.wins, F.fewest], calls: Calls,
        top: @escaping @Sendable (String, LeaderboardPeriod, String?) async throws(ParlorError) -> LeaderboardPage,
        around: LeaderboardWindow = LeaderboardWindow(me: nil, entries: []),
        friends: LeaderboardWindow = LeaderboardWindow(me: nil, entries: [])
    ) -> LeaderboardsModel {
        withDependencies {
            $0.socialClient.leaderboards = { game throws(ParlorError) in
                calls.note("boards \(game)")
                return boards
            }
            $0.socialClient.top = { board, period, cursor, limit throws(ParlorError) in
                calls.note("top \(board) \(period.rawValue) \(cursor ?? "-") \(limit)")
                return try await top(board, period, cursor)
            }
            $0.socialClient.aroundMe = { board, period, radius throws(ParlorError) in
                calls.note("around \(board) \(period.rawValue) \(radius)")
                return around
            }
            $0.socialClient.friendsBoard = { board, period throws(ParlorError) in
                calls.note("friends \(board) \(period.rawValue)")
                return friends
            }
        } operation: { LeaderboardsModel(game: "quortex") }
    }

    nonisolated static let threeOnTop = LeaderboardPage(
        entries: [F.entry(1, F.ann, 1620), F.entry(2, F.me, 1540), F.entry(2, F.bob, 1540)], total: 3, next: nil)
    nonisolated static let aroundMe = LeaderboardWindow(
        me: F.entry(2, F.me, 1540), entries: [F.entry(1, F.ann, 1620), F.entry(2, F.me, 1540), F.entry(2, F.bob, 1540)])
    nonisolated static let amongFriends = LeaderboardWindow(me: F.entry(2, F.me, 1540), entries: [F.entry(1, F.ann, 1620), F.entry(2, F.me, 1540)])

    @Test func theFirstBoardsTopAroundMeAndFriendsLoadWithMyRowMarked() async {
        let calls = Calls()
        let model = model(calls: calls, top: { _, _, _ throws(ParlorError) in Self.threeOnTop }, around: Self.aroundMe, friends: Self.amongFriends)
        #expect(model.phase == .loading)
        await model.load()
        #expect(model.phase == .loaded)
        #expect(model.boards.map(\.id) == ["quortex.rating", "quortex.wins", "quortex.fewest_tiles"])
        #expect(model.board == F.rating)
        #expect(model.period == .allTime)
        #expect(model.periods == [.allTime, .monthly, .weekly, .daily])
        #expect(model.top.map(\.rank) == [1, 2, 2])
        #expect(model.top.map(\.score) == ["1620", "1540", "1540"])
        #expect(model.top.map(\.isMe) == [false, true, false])
        #expect(model.me == LeaderboardRow(rank: 2, user: F.me, score: "1540", isMe: true))
        #expect(model.aroundMe.filter(\.isMe).map(\.user) == [F.me])
        #expect(model.friends.map(\.user) == [F.ann, F.me])
        #expect(model.standing == "You are #2 of 3")
        #expect(model.canLoadMore == false)
        #expect(Set(calls.log.value) == [
            "boards quortex", "top quortex.rating all_time - 50", "around quortex.rating all_time 3", "friends quortex.rating all_time",
        ])
    }

    @Test func switchingPeriodOrBoardReloadsAndAPeriodTheBoardDoesNotKeepFallsBack() async {
        let calls = Calls()
        let model = model(calls: calls, top: { board, period, _ throws(ParlorError) in
            LeaderboardPage(entries: [F.entry(1, F.ann, period == .weekly ? 3 : 9)], total: 1, next: nil)
        })
        await model.load()
        calls.log.setValue([])
        await model.select(period: .weekly)
        #expect(model.period == .weekly)
        #expect(model.top.map(\.score) == ["3"])
        #expect(calls.log.value.contains("top quortex.rating weekly - 50"))

        // Fewest tiles keeps no weekly board: all time it is.
        calls.log.setValue([])
        await model.select(board: "quortex.fewest_tiles")
        #expect(model.board == F.fewest)
        #expect(model.period == .allTime)
        #expect(model.periods == [.allTime, .monthly])
        #expect(calls.log.value.contains("top quortex.fewest_tiles all_time - 50"))

        // Neither a period the board does not keep, nor a board the game has not, nor the same again, asks anything.
        calls.log.setValue([])
        await model.select(period: .daily)
        await model.select(board: "quortex.nothing")
        await model.select(board: "quortex.fewest_tiles")
        await model.select(period: .allTime)
        #expect(calls.log.value.isEmpty)
        #expect(model.period == .allTime && model.board == F.fewest)
    }

    @Test func thePickersChoicesApplyAndAChoiceNotOfferedSnapsBack() async {
        let calls = Calls()
        let model = model(calls: calls, top: { _, _, _ throws(ParlorError) in Self.threeOnTop })
        await model.load()
        #expect(model.boardChoice == "quortex.rating" && model.periodChoice == .allTime)
        #expect(model.choice == "quortex.rating|all_time")

        model.boardChoice = "quortex.wins"
        model.periodChoice = .daily
        await model.applyChoice()
        #expect(model.board == F.wins && model.period == .daily)
        #expect(calls.log.value.contains("top quortex.wins daily - 50"))

        // Fewest tiles has no daily board: the period picker snaps back to all time.
        model.boardChoice = "quortex.fewest_tiles"
        await model.applyChoice()
        #expect(model.board == F.fewest && model.period == .allTime)
        #expect(model.periodChoice == .allTime)
        model.periodChoice = .weekly
        model.boardChoice = "quortex.nothing"
        await model.applyChoice()
        #expect(model.boardChoice == "quortex.fewest_tiles" && model.periodChoice == .allTime)
    }

    @Test func anEmptyPeriodSaysSoAndHowToGetOnIt() async {
        let calls = Calls()
        let model = model(calls: calls, top: { _, _, _ throws(ParlorError) in LeaderboardPage(entries: [], total: 0, next: nil) })
        await model.load()
        await model.select(period: .weekly)
        #expect(model.phase == .empty)
        #expect(model.top.isEmpty && model.me == nil)
        #expect(model.emptyMessage == "No one is on Rating this week. Finish a game to be the first.")
        #expect(model.standing == "Finish a game to get on this board.")
    }

    @Test func aGameWithoutBoardsIsEmptyAndAsksForNoEntries() async {
        let calls = Calls()
        let model = model(boards: [], calls: calls, top: { _, _, _ throws(ParlorError) in
            Issue.record("no board, no top")
            return LeaderboardPage(entries: [], total: 0, next: nil)
        })
        await model.load()
        #expect(model.phase == .empty)
        #expect(model.emptyMessage == "There are no leaderboards for this game yet.")
        #expect(calls.log.value == ["boards quortex"])
    }

    @Test func failuresShowTheTypedErrorAndRefreshRecovers() async {
        let calls = Calls()
        let failing = LockIsolated(true)
        let model = model(calls: calls, top: { _, _, _ throws(ParlorError) in
            if failing.value { throw F.unknownBoard }
            return Self.threeOnTop
        }, around: Self.aroundMe)
        await model.load()
        #expect(model.phase == .failed(ErrorPresentation(F.unknownBoard)))
        #expect(model.phase.error?.title == "Not found")
        #expect(model.phase.error?.message == "There is no leaderboard quortex.nothing. It may have been removed; refresh and try again.")
        #expect(model.phase.error?.recovery == .refresh)
        #expect(model.top.isEmpty && model.me == nil)

        failing.setValue(false)
        await model.refresh()
        #expect(model.phase == .loaded)
        #expect(model.top.count == 3)
    }

    @Test func boardsThatCannotBeReadAreTheFailureAndAreAskedAgain() async {
        let calls = Calls()
        let offline = LockIsolated(true)
        let model = withDependencies {
            $0.socialClient.leaderboards = { _ throws(ParlorError) in
                calls.note("boards")
                if offline.value { throw F.offline }
                return [F.wins]
            }
            $0.socialClient.top = { _, _, _, _ throws(ParlorError) in LeaderboardPage(entries: [F.entry(1, F.bob, 4)], total: 1, next: nil) }
            $0.socialClient.aroundMe = { _, _, _ throws(ParlorError) in LeaderboardWindow(me: nil, entries: []) }
            $0.socialClient.friendsBoard = { _, _ throws(ParlorError) in LeaderboardWindow(me: nil, entries: []) }
        } operation: { LeaderboardsModel(game: "quortex") }
        await model.load()
        #expect(model.phase.error?.title == "No internet connection")
        #expect(model.phase.error?.recovery == .retry)
        #expect(model.board == nil)
        offline.setValue(false)
        await model.refresh()
        #expect(model.board == F.wins)
        #expect(model.phase == .loaded)
        #expect(calls.log.value == ["boards", "boards"])
    }

    @Test func aroundMeFailingFailsTheScreenToo() async {
        let model = withDependencies {
            $0.socialClient.leaderboards = { _ throws(ParlorError) in [F.rating] }
            $0.socialClient.top = { _, _, _, _ throws(ParlorError) in Self.threeOnTop }
            $0.socialClient.aroundMe = { _, _, _ throws(ParlorError) in
                throw ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session ended", status: 401)
            }
            $0.socialClient.friendsBoard = { _, _ throws(ParlorError) in Self.amongFriends }
        } operation: { LeaderboardsModel(game: "quortex") }
        await model.load()
        #expect(model.phase.error?.title == "Please sign in again")
        #expect(model.phase.error?.recovery == .signInAgain)
        #expect(model.top.isEmpty)
    }

    @Test func pagesFollowTheCursorAndKeepRowsWhenAPageFails() async throws {
        let calls = Calls()
        let secondFails = LockIsolated(true)
        let model = model(calls: calls, top: { _, _, cursor throws(ParlorError) in
            switch cursor {
            case nil: return LeaderboardPage(entries: [F.entry(1, F.ann, 9), F.entry(2, F.me, 8)], total: 4, next: "c1")
            case "c1":
                if secondFails.value { throw F.offline }
                // The page overlaps the first by one (an entry moved meanwhile): no row twice.
                return LeaderboardPage(entries: [F.entry(2, F.me, 8), F.entry(3, F.bob, 7), F.entry(4, F.cy, 6)], total: 4, next: nil)
            default:
                Issue.record("unexpected cursor \(cursor ?? "")")
                return LeaderboardPage(entries: [], total: 4, next: nil)
            }
        }, around: LeaderboardWindow(me: F.entry(2, F.me, 8), entries: []))
        await model.load()
        #expect(model.canLoadMore)
        // Only the last row coming on screen reads on.
        await model.rowAppeared(try #require(model.top.first))
        #expect(calls.log.value.filter { $0.hasPrefix("top") }.count == 1)
        await model.rowAppeared(try #require(model.top.last))
        #expect(model.moreError == ErrorPresentation(F.offline))
        #expect(model.top.map(\.user) == [F.ann, F.me])
        #expect(model.canLoadMore)

        secondFails.setValue(false)
        await model.loadMore()
        #expect(model.moreError == nil)
        #expect(model.top.map(\.user) == [F.ann, F.me, F.bob, F.cy])
        #expect(model.top.map(\.isMe) == [false, true, false, false])
        #expect(model.canLoadMore == false)
        #expect(calls.log.value.filter { $0.hasPrefix("top") } == [
            "top quortex.rating all_time - 50", "top quortex.rating all_time c1 50", "top quortex.rating all_time c1 50",
        ])
        await model.loadMore()
        #expect(calls.log.value.filter { $0.hasPrefix("top") }.count == 3)
    }

    @Test func aLateAnswerForABoardThePlayerLeftIsDropped() async throws {
        let calls = Calls()
        let (gate, opener) = AsyncStream.makeStream(of: Void.self)
        let model = model(calls: calls, top: { board, _, _ throws(ParlorError) in
            if board == "quortex.rating" {
                for await _ in gate { break }
                return LeaderboardPage(entries: [F.entry(1, F.ann, 1500)], total: 1, next: nil)
            }
            return LeaderboardPage(entries: [F.entry(1, F.bob, 12)], total: 1, next: nil)
        })
        let first = Task { await model.load() }
        #expect(await eventually(timeout: .seconds(10)) { calls.log.value.contains("top quortex.rating all_time - 50") })
        await model.select(board: "quortex.wins")
        #expect(model.top.map(\.user) == [F.bob])
        opener.yield()
        await first.value
        #expect(model.board == F.wins)
        #expect(model.top.map(\.user) == [F.bob])
        #expect(model.phase == .loaded)
    }
}
