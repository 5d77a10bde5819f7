import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

/// Leaderboards and achievements against the real server after a real finished Quortex game:
/// a private game joined by code and resigned, then the rating board ranks both players, around
/// me finds the player, friends rank among themselves, and the winner's first win is unlocked.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct LeaderboardsLiveTests {
    @Test func aFinishedGameRanksBothPlayersAndFindsMe() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let ann = try await SocialLivePlayer.join(url, name: "ann")
            let bob = try await SocialLivePlayer.join(url, name: "bob")

            // Before any game: the boards are there and empty.
            let before = ann.leaderboardsModel(game: "quortex")
            await before.load()
            #expect(before.boards.map(\.id).contains("quortex.rating"))
            #expect(before.boards.allSatisfy { $0.game == "quortex" })
            #expect(before.phase == .empty, "\(before.phase)")
            #expect(before.me == nil)

            // Ann opens a private game, Bob joins by its code, Ann resigns: Bob wins.
            let game = try await ann.client.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
            let code = try #require(game.inviteCode)
            _ = try await bob.client.api.joinGameByCode(body: .json(.init(code: code))).ok.body.json
            _ = try await ann.client.api.resignGame(path: .init(gameID: game.id), body: .json(.init(moveId: UUID().uuidString))).ok.body.json
            let finished = try await ann.client.api.getGame(path: .init(gameID: game.id)).ok.body.json
            #expect(finished.status == .completed)

            let board = ann.leaderboardsModel(game: "quortex")
            await board.load()
            await board.select(board: "quortex.rating")
            #expect(board.board?.id == "quortex.rating")
            #expect(board.phase == .loaded, "\(board.phase)")
            #expect(board.top.map(\.user.id) == [bob.user.id, ann.user.id])
            #expect(board.top.map(\.rank) == [1, 2])
            #expect(board.top.map(\.isMe) == [false, true])
            #expect(board.total == 2)
            let me = try #require(board.me)
            #expect(me.user.id == ann.user.id && me.rank == 2 && me.isMe)
            #expect(board.standing == "You are #2 of 2")
            #expect(board.aroundMe.map(\.user.id) == [bob.user.id, ann.user.id])
            // Not friends yet: the friends board is Ann alone.
            #expect(board.friends.map(\.user.id) == [ann.user.id])
            // The winner's rating is above the loser's.
            let scores = board.top.compactMap { Int($0.score) }
            #expect(scores.count == 2 && scores[0] > scores[1])

            // Today's wins: Bob first; weekly too.
            await board.select(board: "quortex.wins")
            await board.select(period: .daily)
            #expect(board.top.first?.user.id == bob.user.id && board.top.first?.score == "1")
            await board.select(period: .weekly)
            #expect(board.top.first?.user.id == bob.user.id)

            // Friends rank among themselves.
            try await ann.befriend(bob)
            await board.select(board: "quortex.rating")
            #expect(board.friends.map(\.user.id) == [bob.user.id, ann.user.id])
            #expect(board.friends.map(\.isMe) == [false, true])

            // Bob's first win is unlocked; hidden achievements stay masked.
            let achievements = bob.achievementsModel(game: "quortex")
            await achievements.load()
            #expect(achievements.phase == .loaded)
            let firstWin = try #require(achievements.items.first { $0.id == "first_win" })
            #expect(firstWin.isUnlocked && firstWin.unlockedAt != nil && firstWin.progressText == "1 of 1")
            let masked = achievements.items.filter(\.isMasked)
            #expect(!masked.isEmpty)
            #expect(masked.allSatisfy { $0.title == "Hidden achievement" && $0.progressText == nil })
            #expect(achievements.unlockedCount >= 1)
        }
    }

    @Test func anUnknownGameHasNoBoardsAndAchievementsOfAnUnknownGameAreRefused() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let ann = try await SocialLivePlayer.join(url, name: "ann")
            let board = ann.leaderboardsModel(game: "chess")
            await board.load()
            #expect(board.phase == .empty)
            #expect(board.boards.isEmpty)

            let achievements = ann.achievementsModel(game: "chess")
            await achievements.load()
            #expect(achievements.phase.error?.title == "Not found", "\(achievements.phase)")
        }
    }
}
