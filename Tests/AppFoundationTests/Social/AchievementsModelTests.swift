import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

/// The achievements screen on set closures: progress as x of y and a fraction, unlocked ones with
/// their date, hidden ones masked until unlocked (even if a server sent their words), the order,
/// and the empty and failed states.
@MainActor
@Suite struct AchievementsModelTests {
    typealias F = SocialFixtures

    func model(asked: LockIsolated<[String]> = LockIsolated([]), _ answer: @escaping @Sendable () throws(ParlorError) -> [Achievement]) -> AchievementsModel {
        withDependencies {
            $0.socialClient.achievements = { game throws(ParlorError) in
                asked.withValue { $0.append(game) }
                return try answer()
            }
            $0.date.now = F.day
        } operation: { AchievementsModel(game: "quortex") }
    }

    nonisolated static func achievement(
        _ key: String, name: String? = nil, hidden: Bool = false, target: Int = 1, progress: Int64 = 0, unlockedAt: Date? = nil, points: Int = 10
    ) -> Achievement {
        Achievement(
            key: key, name: name ?? key.capitalized, detail: name.map { "Do \($0)." } ?? "Do \(key).", points: points, category: "wins",
            hidden: hidden, target: target, progress: progress, unlockedAt: unlockedAt)
    }

    @Test func progressUnlockedDatesAndHiddenOnesMaskedInOrder() async throws {
        let asked = LockIsolated<[String]>([])
        let model = model(asked: asked) { () throws(ParlorError) in
            [
                Self.achievement("wins_10", target: 10, progress: 3),
                Self.achievement("first_win", progress: 1, unlockedAt: F.day.addingTimeInterval(-3 * 86_400)),
                // The server masks a hidden one; this one even came with words, which must not show.
                Self.achievement("secret_path", name: "Secret Path", hidden: true, target: 5, progress: 4, points: 50),
                Self.achievement("win_streak_5", target: 5, progress: 4),
                Self.achievement("hidden_unlocked", name: "Night Owl", hidden: true, unlockedAt: F.day.addingTimeInterval(-600), points: 25),
            ]
        }
        #expect(model.phase == .loading)
        await model.load()
        #expect(asked.value == ["quortex"])
        #expect(model.phase == .loaded)
        // Unlocked (newest first), then under way (furthest first), then hidden.
        #expect(model.items.map(\.id) == ["hidden_unlocked", "first_win", "win_streak_5", "wins_10", "secret_path"])

        let nightOwl = try #require(model.items.first)
        #expect(nightOwl.title == "Night Owl" && nightOwl.detail == "Do Night Owl." && !nightOwl.isMasked)
        #expect(nightOwl.isUnlocked && nightOwl.fraction == 1 && nightOwl.progressText == "1 of 1")
        #expect(nightOwl.unlockedText == "Unlocked 10 min ago")

        let firstWin = model.items[1]
        #expect(firstWin.unlockedAt == F.day.addingTimeInterval(-3 * 86_400))
        #expect(firstWin.unlockedText == "Unlocked 3 days ago")

        let streak = model.items[2]
        #expect(streak.progressText == "4 of 5" && streak.fraction == 0.8 && !streak.isUnlocked && streak.unlockedText == nil)
        #expect(model.items[3].progressText == "3 of 10" && model.items[3].fraction == 0.3)

        let secret = model.items[4]
        #expect(secret.isMasked)
        #expect(secret.title == AchievementsModel.hiddenTitle)
        #expect(secret.title == "Hidden achievement")
        #expect(secret.detail == "Keep playing to reveal it.")
        #expect(secret.progressText == nil && secret.fraction == 0)
        #expect(secret.points == 50)

        #expect(model.unlockedCount == 2)
        #expect(model.summary == "2 of 5 unlocked · 35 points")
    }

    @Test func progressPastTheTargetOrBelowZeroStaysWithinTheBar() async {
        let model = model { () throws(ParlorError) in
            [Self.achievement("over", target: 3, progress: 7), Self.achievement("under", target: 3, progress: -2), Self.achievement("zero", target: 0)]
        }
        await model.load()
        #expect(model.items.map(\.id) == ["over", "zero", "under"])
        #expect(model.items.map(\.fraction) == [1, 0, 0])
        #expect(model.items.map(\.progressText) == ["3 of 3", "0 of 1", "0 of 3"])
    }

    @Test func aGameWithoutAchievementsIsEmpty() async {
        let model = model { () throws(ParlorError) in [] }
        await model.load()
        #expect(model.phase == .empty)
        #expect(model.emptyMessage == "This game has no achievements yet.")
        #expect(model.summary == "0 of 0 unlocked · 0 points")
    }

    @Test func aFailureShowsTheTypedErrorAndRefreshRecovers() async {
        let fails = LockIsolated(true)
        let refusal = ParlorError(kind: .notFound, code: "not_found", message: "there is no game chess", status: 404)
        let model = model { () throws(ParlorError) in
            if fails.value { throw refusal }
            return [Self.achievement("first_win")]
        }
        await model.load()
        #expect(model.phase == .failed(ErrorPresentation(refusal)))
        #expect(model.phase.error?.message == "There is no game chess. It may have been removed; refresh and try again.")
        #expect(model.items.isEmpty)
        fails.setValue(false)
        await model.refresh()
        #expect(model.phase == .loaded)
        #expect(model.items.map(\.id) == ["first_win"])
    }
}
