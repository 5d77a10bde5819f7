import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

/// The session model on its live dependency, against the real server: the same guest on every
/// launch, a guest's upgrade keeping the account, sign-out, and a kept session restored.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct SessionModelLiveTests {
    func model(_ client: ParlorClient, device: DeviceIdentity) -> SessionModel {
        withDependencies {
            $0.sessionClient = .live(client)
            $0.deviceIdentity = device
        } operation: { SessionModel(brand: .quortex) }
    }

    @Test func aGuestUpgradesSignsOutAndSignsBackInWithThePassword() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let store = MemoryCredentialStore()
            let device = DeviceIdentity.memory()
            let first = model(ParlorClient(serverURL: url, store: store), device: device)
            await first.restore()
            #expect(first.status == .signedOut)
            await first.signInAsGuest()
            let guest = try #require(first.user)
            #expect(guest.isGuest)

            // The next launch, on the same device: the kept session, the same account.
            let relaunched = model(ParlorClient(serverURL: url, store: store), device: device)
            await relaunched.restore()
            #expect(relaunched.user?.id == guest.id)

            let name = "olga\(UUID().uuidString.prefix(6).lowercased())"
            relaunched.username = name
            relaunched.password = "a long password"
            await relaunched.upgradeGuest()
            #expect(relaunched.error == nil, "\(String(describing: relaunched.error))")
            #expect(relaunched.user?.id == guest.id)
            #expect(relaunched.user?.isGuest == false)
            #expect(relaunched.user?.username == name)

            await relaunched.signOut()
            #expect(relaunched.status == .signedOut)
            let afterSignOut = model(ParlorClient(serverURL: url, store: store), device: device)
            await afterSignOut.restore()
            #expect(afterSignOut.status == .signedOut)

            afterSignOut.login = name
            afterSignOut.password = "not the password"
            await afterSignOut.signInWithPassword()
            #expect(afterSignOut.status == .signedOut)
            #expect(afterSignOut.error?.title == "Wrong username or password")
            afterSignOut.password = "a long password"
            await afterSignOut.signInWithPassword()
            #expect(afterSignOut.user?.id == guest.id)
        }
    }
}
