import GameCore
import Testing

@testable import Social

@Suite struct RankAndProgressTests {
    @Test func tiesShareARankAndTheNextSkips() {
        #expect(CompetitionRanks.ranks(of: [90, 80, 80, 70, 70, 70, 60], better: 0) == [1, 2, 2, 4, 4, 4, 7])
        // A page that starts inside a tie: 3 entries above its first score.
        #expect(CompetitionRanks.ranks(of: [80, 80, 70], better: 3) == [4, 4, 6])
        #expect(CompetitionRanks.ranks(ofDistinct: [1, 2, 3, 1], better: 0) == [1, 2, 4, 7])
    }

    @Test func aggregationsCombineByTheBoardsOrder() {
        #expect(LeaderboardAggregation.best.combine(10, with: 12, order: .higherIsBetter) == 12)
        #expect(LeaderboardAggregation.best.combine(10, with: 12, order: .lowerIsBetter) == 10)
        #expect(LeaderboardAggregation.best.combine(nil, with: 12, order: .lowerIsBetter) == 12)
        #expect(LeaderboardAggregation.latest.combine(10, with: 3, order: .higherIsBetter) == 3)
        #expect(LeaderboardAggregation.sum.combine(10, with: 3, order: .higherIsBetter) == 13)
        #expect(LeaderboardAggregation.increment.combine(nil, with: 0, order: .higherIsBetter) == 1)
        #expect(LeaderboardAggregation.increment.combine(4, with: 0, order: .higherIsBetter) == 5)
    }

    @Test func progressFollowsEachRule() {
        var streak = AchievementProgress()
        let rule = AchievementRule.streak("won", length: 3)
        for won in [1, 1, 0, 1, 1] { streak = streak.advanced(by: ["won": won], rule: rule) }
        #expect(streak == AchievementProgress(value: 2, unlocked: false))
        streak = streak.advanced(by: ["won": 1], rule: rule)
        #expect(streak.unlocked)
        // A later loss resets the run but not the unlock.
        streak = streak.advanced(by: ["won": 0], rule: rule)
        #expect(streak.unlocked && streak.value == 0 && streak.shown(for: rule) == 3)
        // A result without the statistic changes nothing.
        #expect(streak.advanced(by: ["other": 1], rule: rule) == streak)

        let quick = AchievementRule.atMost("tiles", atMost: 12)
        #expect(!AchievementProgress().advanced(by: ["tiles": 13], rule: quick).unlocked)
        #expect(AchievementProgress().advanced(by: ["tiles": 12], rule: quick).unlocked)

        let total = AchievementRule.total("won", atLeast: 10)
        var wins = AchievementProgress()
        for _ in 0..<9 { wins = wins.advanced(by: ["won": 1], rule: total) }
        #expect(!wins.unlocked && wins.shown(for: total) == 9)
        #expect(wins.advanced(by: ["won": 1], rule: total).unlocked)

        let reach = AchievementRule.reach("streak", atLeast: 7)
        #expect(AchievementProgress().advanced(by: ["streak": 8], rule: reach).advanced(by: ["streak": 1], rule: reach).value == 8)
    }

    @Test func everyRelationTransition() throws {
        let expected: [Relation: [RelationAction: Relation?]] = [
            .none: [.request: .requestSent, .accept: nil, .decline: nil, .cancel: nil, .remove: nil, .block: .blocking, .unblock: nil],
            .requestSent: [.request: nil, .accept: nil, .decline: nil, .cancel: Relation.none, .remove: nil, .block: .blocking, .unblock: nil],
            .requestReceived: [
                .request: .friends, .accept: .friends, .decline: Relation.none, .cancel: nil, .remove: nil, .block: .blocking, .unblock: nil,
            ],
            .friends: [.request: nil, .accept: nil, .decline: nil, .cancel: nil, .remove: Relation.none, .block: .blocking, .unblock: nil],
            .blocking: [.request: nil, .accept: nil, .decline: nil, .cancel: nil, .remove: nil, .block: nil, .unblock: Relation.none],
        ]
        for (from, actions) in expected {
            for action in RelationAction.allCases {
                let result = try? from.after(action)
                #expect(result == actions[action] ?? nil, "\(from) after \(action)")
            }
        }
        #expect(throws: RelationRefusal.blockingThem) { try Relation.blocking.after(.request) }
        #expect(Relation.blocking.mirrored == Relation.none)
        #expect(Relation.requestSent.mirrored == .requestReceived)
    }
}
