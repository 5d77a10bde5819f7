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

@testable import QuortexFeature

/// The profile against the real server: a new guest's profile, a name change the server keeps,
/// and one it refuses with its reason.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct ProfileLiveTests {
    @Test func theNameChangesAndABadNameIsRefusedWithTheReason() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            let user = try await client.signIn(.guest(deviceID: UUID().uuidString))
            let model = withDependencies { $0.profileClient = .live(client) } operation: { ProfileModel() }
            await model.load()
            #expect(model.phase == .loaded)
            #expect(model.profile?.id == user.id)
            #expect(model.records.isEmpty)
            let achievements = try #require(model.achievements)
            #expect(achievements.unlocked == 0 && achievements.total > 0)

            model.startEditingName()
            model.editName("Olga Petrova")
            await model.saveName()
            #expect(model.error == nil && model.nameProblem == nil, "\(String(describing: model.error)) \(String(describing: model.nameProblem))")
            let reread = withDependencies { $0.profileClient = .live(client) } operation: { ProfileModel() }
            await reread.load()
            #expect(reread.profile?.displayName == "Olga Petrova")

            model.startEditingName()
            model.editName("Olga\u{7}")
            await model.saveName()
            let problem = try #require(model.nameProblem)
            #expect(problem.localizedCaseInsensitiveContains("control characters") || problem.localizedCaseInsensitiveContains("display_name"), "\(problem)")
            #expect(model.isEditingName)
            #expect(model.profile?.displayName == "Olga Petrova")
        }
    }
}
