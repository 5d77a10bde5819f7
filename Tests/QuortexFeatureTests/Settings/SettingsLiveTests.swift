import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

@testable import QuortexFeature

/// The settings against the real server: a push preference kept by the server and read back, a
/// change refused once the session is gone, and deleting the account (the next guest sign-in on
/// the same device is a new account).
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct SettingsLiveTests {
    func settings(_ client: ParlorClient, session: SessionModel) -> SettingsModel {
        withDependencies {
            $0.settingsClient = .live(client)
            $0.purchasesClient = .live(client)
            $0.appPreferences = .memory()
        } operation: { SettingsModel(session: session) }
    }

    func session(_ client: ParlorClient, device: DeviceIdentity) -> SessionModel {
        withDependencies {
            $0.sessionClient = .live(client)
            $0.deviceIdentity = device
        } operation: { SessionModel(brand: .quortex) }
    }

    @Test func aPushPreferenceRoundTripsAndARefusalGoesBack() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            let session = session(client, device: .memory())
            await session.signInAsGuest()
            #expect(session.user != nil)
            let first = settings(client, session: session)
            await first.load()
            let all = PushPreferences(turnReminders: true, invitations: true, gameOver: true)
            #expect(first.pushPhase == .loaded(all))
            await first.setPush(.invitations, false)
            #expect(first.error == nil, "\(String(describing: first.error))")

            let second = settings(client, session: session)
            await second.load()
            #expect(second.pushPhase == .loaded(PushPreferences(turnReminders: true, invitations: false, gameOver: true)))

            // Signed out under the screen: the server refuses, and the toggle goes back.
            try await client.signOut()
            await second.setPush(.turnReminders, false)
            #expect(second.pushPhase == .loaded(PushPreferences(turnReminders: true, invitations: false, gameOver: true)))
            #expect(second.error?.title == "Please sign in again")
        }
    }

    @Test func deletingTheAccountShowsTheListThenTheAccountIsGone() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            let device = DeviceIdentity.memory()
            let session = session(client, device: device)
            await session.signInAsGuest()
            let deleted = try #require(session.user)
            let settings = settings(client, session: session)
            await settings.load()

            settings.requestDeletion()
            #expect(settings.isReviewingDeletion)
            #expect(settings.deletionList == AccountDeletion.forgotten)
            settings.continueDeletion()
            #expect(settings.isConfirmingDeletion)
            await settings.deleteAccount()
            #expect(settings.error == nil, "\(String(describing: settings.error))")
            #expect(session.status == .signedOut)
            #expect(session.error == nil, "\(String(describing: session.error))")

            // The device's guest sign-in was forgotten with the account: the same device is a new player.
            await session.signInAsGuest()
            let next = try #require(session.user)
            #expect(next.id != deleted.id)
            let profile = ProfileClient.live(client)
            #expect(try await profile.me().id == next.id)
        }
    }
}
