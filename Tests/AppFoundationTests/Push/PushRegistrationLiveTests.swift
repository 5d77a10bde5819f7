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

/// The device's token reaches the real server for the app's bundle id.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct PushRegistrationLiveTests {
    func model(_ client: ParlorClient, brand: AppBrand) -> PushRegistrationModel {
        withDependencies {
            $0.notifications = NotificationsClient(
                authorization: { .authorized }, requestAuthorization: { true }, registerForRemoteNotifications: {},
                registerDevice: NotificationsClient.registering(through: client))
        } operation: { PushRegistrationModel(brand: brand, sandbox: true) }
    }

    @Test func theTokenIsRegisteredWithTheBundleID() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            _ = try await client.signIn(.guest(deviceID: "device-push-\(UUID().uuidString)"))
            let model = model(client, brand: .quortex)
            await model.refresh()
            #expect(model.status == .waitingForToken)
            let token = Data((0..<32).map { UInt8($0 * 7 % 256) })
            await model.didRegister(deviceToken: token)
            #expect(model.status == .registered)
            let devices = try await client.api.listPushDevices().ok.body.json.devices
            #expect(devices.map(\.bundleId) == ["com.quortex.app"])
            #expect(devices.first?.token == token.map { String(format: "%02x", $0) }.joined())
            #expect(devices.first?.environment == .sandbox)
        }
    }

    @Test func aTokenTooShortIsRefusedWithTheServersWords() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let client = ParlorClient(serverURL: url, store: MemoryCredentialStore())
            _ = try await client.signIn(.guest(deviceID: "device-push-\(UUID().uuidString)"))
            let model = model(client, brand: .quortex)
            await model.didRegister(deviceToken: Data([0xAB, 0xCD]))
            guard case .failed(let presentation) = model.status else {
                Issue.record("registered a 2-byte token: \(model.status)")
                return
            }
            #expect(presentation.title == "Check what you entered")
            #expect(try await client.api.listPushDevices().ok.body.json.devices.isEmpty)
        }
    }
}
