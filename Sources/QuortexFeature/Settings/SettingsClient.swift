import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// The account's settings on the server: which notifications it wants, and deleting it.
public struct SettingsClient: Sendable {
    public var pushPreferences: @Sendable () async throws(ParlorError) -> PushPreferences
    /// Changes one kind; answers all of them as the server keeps them.
    public var setPushPreference: @Sendable (_ kind: PushKind, _ on: Bool) async throws(ParlorError) -> PushPreferences
    /// Forgets the account (see ``AccountDeletion``); its sessions end.
    public var deleteAccount: @Sendable () async throws(ParlorError) -> Void

    public init(
        pushPreferences: @escaping @Sendable () async throws(ParlorError) -> PushPreferences,
        setPushPreference: @escaping @Sendable (_ kind: PushKind, _ on: Bool) async throws(ParlorError) -> PushPreferences,
        deleteAccount: @escaping @Sendable () async throws(ParlorError) -> Void
    ) {
        self.pushPreferences = pushPreferences
        self.setPushPreference = setPushPreference
        self.deleteAccount = deleteAccount
    }
}

extension SettingsClient {
    public static func live(_ client: ParlorClient) -> SettingsClient {
        SettingsClient(
            pushPreferences: { () async throws(ParlorError) -> PushPreferences in
                PushPreferences(try await parlorCall { try await client.api.getPushPreferences().ok.body.json })
            },
            setPushPreference: { kind, on throws(ParlorError) in
                let body = PushPreferences.input(kind, on)
                return PushPreferences(try await parlorCall { try await client.api.setPushPreferences(body: .json(body)).ok.body.json })
            },
            deleteAccount: { () async throws(ParlorError) in
                _ = try await parlorCall { try await client.api.deleteMe().noContent }
            })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = SettingsClient(
        pushPreferences: { () async throws(ParlorError) -> PushPreferences in throw Unimplemented.call("SettingsClient.pushPreferences") },
        setPushPreference: { _, _ throws(ParlorError) in throw Unimplemented.call("SettingsClient.setPushPreference") },
        deleteAccount: { () async throws(ParlorError) in throw Unimplemented.call("SettingsClient.deleteAccount") })
}

extension SettingsClient: DependencyKey {
    public static var liveValue: SettingsClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: SettingsClient { .unimplemented }
}

extension DependencyValues {
    public var settingsClient: SettingsClient {
        get { self[SettingsClient.self] }
        set { self[SettingsClient.self] = newValue }
    }
}
