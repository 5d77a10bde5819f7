import Dependencies
import Foundation
import Observation
import ParlorClient

/// Push permission and this device's registration with the server, as a settings row or an
/// onboarding card shows it: ask once at a moment that explains why, point to Settings after a
/// refusal, and send the token to the server each time the system hands one (tokens change).
@MainActor @Observable
public final class PushRegistrationModel {
    public enum Status: Equatable, Sendable {
        case unknown
        /// The system has not asked yet: the app may.
        case notAsked
        /// Refused: only the Settings app can turn it on.
        case denied
        case waitingForToken
        case registered
        case failed(ErrorPresentation)
    }

    public let brand: AppBrand
    /// APNs' sandbox (debug builds) or production.
    public let sandbox: Bool
    public private(set) var status: Status = .unknown

    @ObservationIgnored @Dependency(\.notifications) private var notifications
    @ObservationIgnored @Dependency(\.pushPromptRecord) private var promptRecord

    public init(brand: AppBrand, sandbox: Bool) {
        self.brand = brand
        self.sandbox = sandbox
    }

    public var canAsk: Bool { status == .notAsked }
    public var needsSettings: Bool { status == .denied }

    /// Reads the permission; already allowed, it asks the system for a token (at every launch, as
    /// Apple advises: the token may have changed).
    public func refresh() async {
        switch await notifications.authorization() {
        case .notDetermined: status = .notAsked
        case .denied: status = .denied
        case .authorized, .provisional: await requestToken()
        }
    }

    public func askPermission() async {
        guard canAsk else { return }
        do {
            if try await notifications.requestAuthorization() { await requestToken() } else { status = .denied }
        } catch {
            status = .failed(ErrorPresentation(title: "Notifications unavailable", message: "\(error)", recovery: .retry))
        }
    }

    /// The moment the app asks (seed 000 §6, issue #58): when the player's first online game has
    /// finished, they know what a "your turn" or "game over" push would be for. Once per device:
    /// after that, permission is the Settings row's to change.
    public func onlineGameFinished() async {
        guard !promptRecord.hasAsked() else { return }
        await refresh()
        promptRecord.markAsked()
        // Already allowed or refused: the system would not show its prompt again anyway.
        if canAsk { await askPermission() }
    }

    /// The app delegate's token: sent to the server for this app.
    public func didRegister(deviceToken: Data) async {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        do {
            try await notifications.registerDevice(token, brand.bundleID, sandbox)
            status = .registered
        } catch {
            status = .failed(ErrorPresentation(error))
        }
    }

    /// The app delegate's failure (no APNs in the simulator, no network).
    public func didFailToRegister(_ reason: String) {
        status = .failed(ErrorPresentation(title: "Notifications unavailable", message: reason, recovery: .retry))
    }

    private func requestToken() async {
        status = .waitingForToken
        await notifications.registerForRemoteNotifications()
    }
}
