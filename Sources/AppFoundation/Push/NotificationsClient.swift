import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// What the system says about notifications for this app.
public enum PushAuthorization: Equatable, Sendable {
    case notDetermined
    case denied
    case authorized
    /// Delivered quietly, to Notification Center only, until the player chooses.
    case provisional
}

/// The system's notification permission and the server's device list, as closures: live over
/// UserNotifications (on Apple's systems) and the app's ``ParlorClient``; a test sets its own.
public struct NotificationsClient: Sendable {
    public var authorization: @Sendable () async -> PushAuthorization
    /// Shows the system's prompt (once per install; later it answers the choice made).
    public var requestAuthorization: @Sendable () async throws -> Bool
    /// Asks the system for an APNs token; it arrives at the app delegate, which hands it to
    /// ``PushRegistrationModel/didRegister(deviceToken:)``.
    public var registerForRemoteNotifications: @Sendable () async -> Void
    /// Tells the server this device's token for this app.
    public var registerDevice: @Sendable (_ token: String, _ bundleID: String, _ sandbox: Bool) async throws(ParlorError) -> Void

    public init(
        authorization: @escaping @Sendable () async -> PushAuthorization,
        requestAuthorization: @escaping @Sendable () async throws -> Bool,
        registerForRemoteNotifications: @escaping @Sendable () async -> Void,
        registerDevice: @escaping @Sendable (_ token: String, _ bundleID: String, _ sandbox: Bool) async throws(ParlorError) -> Void
    ) {
        self.authorization = authorization
        self.requestAuthorization = requestAuthorization
        self.registerForRemoteNotifications = registerForRemoteNotifications
        self.registerDevice = registerDevice
    }
}

extension NotificationsClient {
    /// The server half over `client`; the system half is the app's (see `NotificationsClient+Apple`).
    public static func registering(through client: ParlorClient) -> @Sendable (String, String, Bool) async throws(ParlorError) -> Void {
        { token, bundleID, sandbox throws(ParlorError) in
            let input = Components.Schemas.PushDeviceInput(
                token: token, environment: sandbox ? .sandbox : .production, bundleId: bundleID, kind: .alert)
            _ = try await parlorCall { try await client.api.registerPushDevice(body: .json(input)).ok.body.json }
        }
    }
}

extension NotificationsClient: DependencyKey {
    public static var liveValue: NotificationsClient {
        @Dependency(\.parlorClient) var client
        #if canImport(UserNotifications) && canImport(UIKit)
        return .apple(registerDevice: registering(through: client))
        #else
        // No notification system here (Linux, the terminal): never authorized, nothing to ask.
        return NotificationsClient(
            authorization: { .denied }, requestAuthorization: { false }, registerForRemoteNotifications: {},
            registerDevice: registering(through: client))
        #endif
    }

    public static var testValue: NotificationsClient {
        NotificationsClient(
            authorization: {
                reportIssue("NotificationsClient.authorization is not set in this test")
                return .notDetermined
            },
            requestAuthorization: {
                reportIssue("NotificationsClient.requestAuthorization is not set in this test")
                return false
            },
            registerForRemoteNotifications: { reportIssue("NotificationsClient.registerForRemoteNotifications is not set in this test") },
            registerDevice: { _, _, _ throws(ParlorError) in throw Unimplemented.call("NotificationsClient.registerDevice") })
    }
}

extension DependencyValues {
    public var notifications: NotificationsClient {
        get { self[NotificationsClient.self] }
        set { self[NotificationsClient.self] = newValue }
    }
}
