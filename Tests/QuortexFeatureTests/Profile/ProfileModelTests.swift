import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

@testable import QuortexFeature

/// The profile's states (loading, error, content, a new player's empty record) and the name
/// editing: checked as typed, saved, refused by the server with its reason.
@MainActor
@Suite struct ProfileModelTests {
    static let hana = PlayerProfile(id: "u1", username: "hana", displayName: "Hana Kato")
    static let ratings = [
        GameRating(game: "crazy-eights", rating: 1480, games: 3, wins: 1, losses: 2),
        GameRating(game: "quortex", rating: 1530, games: 12, wins: 7, losses: 4),
    ]
    static let achievements = [
        AchievementProgress(game: "quortex", key: "first_win", name: "First Win", points: 10, unlockedAt: Date(timeIntervalSince1970: 100)),
        AchievementProgress(game: "quortex", key: "streak", name: "On a Roll", points: 25, unlockedAt: Date(timeIntervalSince1970: 200)),
        AchievementProgress(game: "quortex", key: "secret", name: nil, points: 50, unlockedAt: nil),
    ]

    static func serving(
        _ profile: PlayerProfile = hana, ratings: [GameRating] = ratings, achievements: [AchievementProgress] = achievements,
        rename: @escaping @Sendable (String) async throws(ParlorError) -> PlayerProfile = { _ throws(ParlorError) in
            throw Unimplemented.call("ProfileClient.rename")
        }
    ) -> ProfileClient {
        ProfileClient(
            me: { () async throws(ParlorError) -> PlayerProfile in profile },
            ratings: { () async throws(ParlorError) -> [GameRating] in ratings },
            achievements: { () async throws(ParlorError) -> [AchievementProgress] in achievements },
            rename: rename)
    }

    func model(_ client: ProfileClient) -> ProfileModel {
        withDependencies { $0.profileClient = client } operation: { ProfileModel() }
    }

    @Test func contentShowsTheNameRatingsQuortexFirstAndAchievements() async throws {
        let model = model(Self.serving())
        #expect(model.phase == .loading)
        await model.load()
        #expect(model.phase == .loaded)
        #expect(model.profile == Self.hana)
        #expect(model.profile?.initials == "HK")
        #expect(model.records.map(\.title) == ["Quortex", "Crazy Eights"])
        #expect(model.records.first?.others == 1)
        let totals = try #require(model.totals)
        #expect(totals.games == 15 && totals.wins == 8 && totals.losses == 6)
        #expect(model.hasPlayed)
        #expect(model.achievements?.text == "2 of 3 unlocked · 35 points")
        #expect(model.achievements?.recent == ["On a Roll", "First Win"])
    }

    @Test func aNewPlayerHasNoRecordYet() async {
        let model = model(Self.serving(ratings: [], achievements: []))
        await model.load()
        #expect(model.phase == .loaded)
        #expect(model.records.isEmpty && model.totals == nil && !model.hasPlayed)
        #expect(model.achievements?.text == "0 of 0 unlocked · 0 points")
    }

    @Test func aFailedLoadShowsTheError() async {
        var client = Self.serving()
        client.ratings = { () async throws(ParlorError) -> [GameRating] in
            throw ParlorError(kind: .serverError, code: "internal", message: "boom", status: 503)
        }
        let model = model(client)
        await model.load()
        guard case .failed(let error) = model.phase else {
            Issue.record("expected the error, got \(model.phase)")
            return
        }
        #expect(error.title == "Server error (503)")
        #expect(error.recovery == .retry)
    }

    @Test func theNameIsCheckedAsItIsTypedThenSaved() async {
        let sent = LockIsolated<[String]>([])
        let model = model(Self.serving(rename: { name throws(ParlorError) in
            sent.withValue { $0.append(name) }
            return PlayerProfile(id: "u1", username: "hana", displayName: name)
        }))
        await model.load()
        model.editName("ignored: not editing")
        #expect(model.draftName == nil)
        model.startEditingName()
        #expect(model.draftName == "Hana Kato" && !model.canSaveName, "an unchanged name has nothing to save")
        model.editName("   ")
        #expect(model.nameProblem == "Your name can't be empty.")
        model.editName(String(repeating: "x", count: 41))
        #expect(model.nameProblem == "Your name can be at most 40 characters.")
        await model.saveName()
        #expect(sent.value.isEmpty)
        // What the field's binding does.
        model.nameField = "  Hana K.  "
        #expect(model.draftName == "  Hana K.  ")
        #expect(model.nameProblem == nil && model.canSaveName)
        await model.saveName()
        #expect(sent.value == ["Hana K."])
        #expect(model.profile?.displayName == "Hana K.")
        #expect(!model.isEditingName && model.error == nil)
    }

    @Test func aNameTheServerRefusesShowsItsReasonAndKeepsTheDraft() async {
        let model = model(Self.serving(rename: { _ throws(ParlorError) in
            throw ParlorError(
                kind: .invalidInput, code: "invalid_fields", message: "some fields are invalid", status: 400,
                fields: [.init(field: "display_name", message: "must not contain control characters")])
        }))
        await model.load()
        model.startEditingName()
        model.editName("Hana\u{7}")
        await model.saveName()
        #expect(model.nameProblem == "Must not contain control characters.")
        #expect(model.draftName == "Hana\u{7}")
        #expect(model.profile?.displayName == "Hana Kato")
        #expect(model.error == nil)
    }

    @Test func aSaveThatFailsForAnotherReasonIsAnError() async {
        let model = model(Self.serving(rename: { _ throws(ParlorError) in
            throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "unreachable")
        }))
        await model.load()
        model.startEditingName()
        model.editName("Hana")
        await model.saveName()
        #expect(model.error?.title == "No internet connection")
        #expect(model.nameProblem == nil && model.isEditingName)
        model.cancelEditingName()
        #expect(!model.isEditingName)
    }
}
