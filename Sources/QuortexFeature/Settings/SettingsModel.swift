import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient
import Quortex

/// Settings: the account's notifications (the server's push preferences), this device's sound,
/// haptics and theme (a theme only when the player owns it), signing out, and deleting the account
/// after showing what it forgets. Signing out goes through the app's ``SessionModel``.
@MainActor @Observable
public final class SettingsModel {
    public enum PushPhase: Equatable, Sendable {
        case loading
        case failed(ErrorPresentation)
        case loaded(PushPreferences)
    }

    public let session: SessionModel
    public private(set) var device = DevicePreferences()
    /// Nil until the server answered; until then only the standard theme is offered.
    public private(set) var entitlements: StoreEntitlements?
    /// A change the server refused, a setting that could not be saved, a deletion that failed.
    public private(set) var error: ErrorPresentation?
    /// Kinds whose change the server has not answered yet.
    public private(set) var changingPush: Set<PushKind> = []
    public private(set) var isDeleting = false
    /// A locked theme was chosen: the app should open the store (then call ``storeOpened()``).
    public private(set) var storeRequested = false
    /// The sheet listing what deletion forgets, the first step of deleting.
    public var isReviewingDeletion = false
    /// The last question before deleting.
    public var isConfirmingDeletion = false

    private var push: PushPreferences?
    private var pushError: ErrorPresentation?
    @ObservationIgnored @Dependency(\.settingsClient) private var client
    @ObservationIgnored @Dependency(\.purchasesClient) private var purchases
    @ObservationIgnored @Dependency(\.appPreferences) private var preferences

    public init(session: SessionModel) {
        self.session = session
        device = preferences.load()
    }

    // MARK: Derived state

    public var pushPhase: PushPhase {
        if let push { return .loaded(push) }
        if let pushError { return .failed(pushError) }
        return .loading
    }

    /// The theme the board is drawn in: the chosen one while the player owns it (a lapsed
    /// subscription's themes fall back to the standard one).
    public var theme: QuortexTheme {
        entitlements?.owns(device.theme) == true ? device.theme : .standard
    }

    public var themeOptions: [ThemeOption] {
        let owned = entitlements ?? .nothing
        return QuortexTheme.allCases.map { ThemeOption(theme: $0, isOwned: owned.owns($0), isSelected: $0 == theme) }
    }

    public var deletionList: [String] { AccountDeletion.forgotten }

    /// The sound switch: a change is saved on the device.
    public var soundOn: Bool {
        get { device.sound }
        set { setSound(newValue) }
    }

    public var hapticsOn: Bool {
        get { device.haptics }
        set { setHaptics(newValue) }
    }

    /// Bound to the error's alert: dismissing it clears the error.
    public var isShowingError: Bool {
        get { error != nil }
        set { if !newValue { error = nil } }
    }

    // MARK: Intents

    /// Reads the push preferences and what the player owns.
    public func load() async {
        pushError = nil
        let purchases = self.purchases
        async let owned = purchases.entitlements()
        do {
            push = try await client.pushPreferences()
        } catch {
            pushError = ErrorPresentation(error)
        }
        do {
            entitlements = try await owned
        } catch {
            self.error = ErrorPresentation(ParlorError(error))
        }
    }

    /// Shown at once, and back as it was if the server refuses, with its reason.
    public func setPush(_ kind: PushKind, _ on: Bool) async {
        guard var shown = push, shown[kind] != on, !changingPush.contains(kind) else { return }
        let before = shown
        shown[kind] = on
        push = shown
        changingPush.insert(kind)
        defer { changingPush.remove(kind) }
        do {
            push = try await client.setPushPreference(kind, on)
        } catch {
            // Only this kind goes back: another kind's change may have landed meanwhile.
            push?[kind] = before[kind]
            self.error = ErrorPresentation(error)
        }
    }

    public func setSound(_ on: Bool) {
        change { $0.sound = on }
    }

    public func setHaptics(_ on: Bool) {
        change { $0.haptics = on }
    }

    /// An owned theme is used from now on; a locked one opens the store instead.
    public func chooseTheme(_ theme: QuortexTheme) {
        guard entitlements?.owns(theme) == true || theme == .standard else {
            storeRequested = true
            return
        }
        change { $0.theme = theme }
    }

    public func storeOpened() {
        storeRequested = false
    }

    /// After the store closes: what the player owns may have changed.
    public func refreshEntitlements() async {
        do {
            entitlements = try await purchases.entitlements()
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    public func signOut() async {
        await session.signOut()
    }

    /// The first step: the list of what is forgotten.
    public func requestDeletion() {
        isReviewingDeletion = true
    }

    /// From the list to the last question, asked over the list.
    public func continueDeletion() {
        guard isReviewingDeletion else { return }
        isConfirmingDeletion = true
    }

    public func cancelDeletion() {
        isReviewingDeletion = false
        isConfirmingDeletion = false
    }

    /// Deletes the account, then signs this device out.
    public func deleteAccount() async {
        guard !isDeleting else { return }
        isConfirmingDeletion = false
        isDeleting = true
        defer { isDeleting = false }
        // The list closes either way: the screen under it shows the error or the signed-out state.
        defer { isReviewingDeletion = false }
        do {
            try await client.deleteAccount()
        } catch {
            self.error = ErrorPresentation(error)
            return
        }
        await session.signOut()
    }

    public func dismissError() { error = nil }

    private func change(_ edit: (inout DevicePreferences) -> Void) {
        var next = device
        edit(&next)
        do {
            try preferences.save(next)
            device = next
        } catch {
            self.error = ErrorPresentation(
                title: "Can't save this setting",
                message: "The app could not save its settings: \(error.localizedDescription). Please try again.", recovery: nil)
        }
    }
}
