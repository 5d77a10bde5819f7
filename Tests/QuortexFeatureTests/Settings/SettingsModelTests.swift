import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Quortex
import Testing

@testable import QuortexFeature

/// The settings' states (push preferences loading, failed, loaded) and intents: a toggle the
/// server takes or refuses, sound and haptics kept on the device, themes limited to those owned,
/// sign-out, and deleting the account after the list of what it forgets.
@MainActor
@Suite struct SettingsModelTests {
    static let allOn = PushPreferences(turnReminders: true, invitations: true, gameOver: true)
    static let refused = ParlorError(kind: .forbidden, code: "forbidden", message: "push is switched off for this account", status: 403)

    func session(signOut: @escaping @Sendable (Bool) async throws(ParlorError) -> Void = { _ throws(ParlorError) in
        throw Unimplemented.call("SessionClient.signOut")
    }) -> SessionModel {
        var client = SessionClient.unimplemented
        client.signOut = signOut
        return withDependencies { $0.sessionClient = client } operation: { SessionModel(brand: .quortex) }
    }

    func model(
        session: SessionModel? = nil, settings: SettingsClient = .unimplemented, owned: StoreEntitlements = .nothing,
        preferences: AppPreferences = .memory()
    ) -> SettingsModel {
        var purchases = PurchasesClient.unimplemented
        purchases.entitlements = { () async throws(ParlorError) -> StoreEntitlements in owned }
        return withDependencies {
            $0.settingsClient = settings
            $0.purchasesClient = purchases
            $0.appPreferences = preferences
        } operation: { SettingsModel(session: session ?? self.session()) }
    }

    static func serving(_ initial: PushPreferences, refusing: Set<PushKind> = []) -> SettingsClient {
        let kept = LockIsolated(initial)
        let refusal = refused
        var client = SettingsClient.unimplemented
        client.pushPreferences = { () async throws(ParlorError) -> PushPreferences in kept.value }
        client.setPushPreference = { kind, on throws(ParlorError) in
            if refusing.contains(kind) { throw refusal }
            kept.withValue { $0[kind] = on }
            return kept.value
        }
        return client
    }

    @Test func pushPreferencesLoadThenShowEachKind() async {
        let model = model(settings: Self.serving(PushPreferences(turnReminders: true, invitations: false, gameOver: true)))
        #expect(model.pushPhase == .loading)
        await model.load()
        guard case .loaded(let preferences) = model.pushPhase else {
            Issue.record("expected the preferences, got \(model.pushPhase)")
            return
        }
        #expect(PushKind.allCases.map { preferences[$0] } == [true, false, true])
        #expect(PushKind.allCases.map(\.title) == ["Your Turn", "Invitations", "Game Over"])
    }

    @Test func pushPreferencesThatCannotLoadShowTheError() async {
        var settings = SettingsClient.unimplemented
        settings.pushPreferences = { () async throws(ParlorError) -> PushPreferences in
            throw ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session has ended", status: 401)
        }
        let model = model(settings: settings)
        await model.load()
        guard case .failed(let error) = model.pushPhase else {
            Issue.record("expected the error, got \(model.pushPhase)")
            return
        }
        #expect(error.title == "Please sign in again")
        #expect(error.message == "The session has ended. Please sign in again.")
        #expect(error.recovery == .signInAgain)
    }

    @Test func aToggleTheServerTakesStays() async {
        let model = model(settings: Self.serving(Self.allOn))
        await model.load()
        await model.setPush(.invitations, false)
        #expect(model.pushPhase == .loaded(PushPreferences(turnReminders: true, invitations: false, gameOver: true)))
        #expect(model.changingPush.isEmpty)
        #expect(model.error == nil)
    }

    @Test func aToggleTheServerRefusesGoesBackWithTheReason() async {
        let model = model(settings: Self.serving(Self.allOn, refusing: [.gameOver]))
        await model.load()
        await model.setPush(.gameOver, false)
        #expect(model.pushPhase == .loaded(Self.allOn))
        #expect(model.error?.title == "Not allowed")
        #expect(model.error?.message == "Push is switched off for this account. This is not open to your account.")
        model.dismissError()
        #expect(model.error == nil)
    }

    @Test func soundAndHapticsAreKeptOnTheDevice() {
        let preferences = AppPreferences.memory(DevicePreferences(sound: true, haptics: true, theme: .standard))
        let model = model(preferences: preferences)
        model.soundOn = false
        model.setHaptics(false)
        #expect(!model.hapticsOn)
        #expect(model.device == DevicePreferences(sound: false, haptics: false, theme: .standard))
        #expect(preferences.load() == model.device)
        // A new screen reads them back.
        #expect(self.model(preferences: preferences).device.sound == false)
    }

    @Test func aSettingThatCannotBeSavedSaysSoAndKeepsTheOldValue() {
        struct DiskFull: Error {}
        let preferences = AppPreferences(load: { DevicePreferences() }, save: { _ in throw DiskFull() })
        let model = model(preferences: preferences)
        model.setSound(false)
        #expect(model.device.sound)
        #expect(model.error?.title == "Can't save this setting")
    }

    @Test func onlyOwnedThemesCanBeChosenAndTheOthersLeadToTheStore() async {
        let owned = StoreEntitlements(themeIDs: ["ocean", "aurora", "midnight", "sunset"])
        let preferences = AppPreferences.memory()
        let model = model(settings: Self.serving(Self.allOn), owned: owned, preferences: preferences)
        #expect(model.themeOptions.filter(\.isOwned).map(\.theme) == [.standard], "nothing but the standard theme before the server answers")
        await model.load()
        #expect(model.themeOptions.map(\.title) == ["Standard", "Neon", "Classic Wood", "Ocean", "Aurora", "Midnight", "Sunset"])
        #expect(model.themeOptions.filter(\.isOwned).map(\.theme) == [.standard, .ocean, .aurora, .midnight, .sunset])
        #expect(model.themeOptions.first { $0.theme == .neon }?.unlockText == "In the Store")

        model.chooseTheme(.ocean)
        #expect(model.theme == .ocean && preferences.load().theme == .ocean)
        #expect(model.themeOptions.first(where: \.isSelected)?.theme == .ocean)
        model.chooseTheme(.neon)
        #expect(model.storeRequested)
        model.storeOpened()
        #expect(!model.storeRequested)
        #expect(model.theme == .ocean)
    }

    @Test func aThemeNoLongerOwnedFallsBackToTheStandardOne() async {
        let preferences = AppPreferences.memory(DevicePreferences(theme: .aurora))
        let model = model(settings: Self.serving(Self.allOn), owned: .nothing, preferences: preferences)
        await model.load()
        #expect(model.theme == .standard)
        #expect(model.themeOptions.first { $0.theme == .aurora }?.unlockText == "With Quortex Plus")
    }

    @Test func signOutGoesThroughTheSession() async {
        let asked = LockIsolated(0)
        let model = model(session: session { _ throws(ParlorError) in asked.withValue { $0 += 1 } })
        await model.signOut()
        #expect(asked.value == 1)
        #expect(model.session.status == .signedOut)
    }

    @Test func deletingShowsWhatIsForgottenThenAsksThenDeletesAndSignsOut() async {
        let calls = LockIsolated<[String]>([])
        var settings = SettingsClient.unimplemented
        settings.deleteAccount = { () async throws(ParlorError) in calls.withValue { $0.append("delete") } }
        let model = model(session: session { _ throws(ParlorError) in calls.withValue { $0.append("sign out") } }, settings: settings)

        model.requestDeletion()
        #expect(model.isReviewingDeletion && !model.isConfirmingDeletion)
        #expect(model.deletionList == AccountDeletion.forgotten)
        #expect(model.deletionList.contains { $0.contains("ratings") })
        model.continueDeletion()
        #expect(model.isReviewingDeletion && model.isConfirmingDeletion)
        #expect(calls.value.isEmpty, "nothing is deleted before the player confirms")
        await model.deleteAccount()
        #expect(calls.value == ["delete", "sign out"])
        #expect(model.session.status == .signedOut)
        #expect(!model.isReviewingDeletion && !model.isConfirmingDeletion && !model.isDeleting)
    }

    @Test func cancellingDeletionDeletesNothing() {
        let model = model()
        model.continueDeletion()
        #expect(!model.isConfirmingDeletion, "the question comes only after the list")
        model.requestDeletion()
        model.continueDeletion()
        model.cancelDeletion()
        #expect(!model.isReviewingDeletion && !model.isConfirmingDeletion)
    }

    @Test func aDeletionTheServerRefusesKeepsTheSessionAndSaysWhy() async {
        var settings = SettingsClient.unimplemented
        settings.deleteAccount = { () async throws(ParlorError) in
            throw ParlorError(kind: .networkUnavailable, code: "network_unavailable", message: "the server cannot be reached")
        }
        // signOut is unset: signing out after a failed deletion would fail this test.
        let model = model(settings: settings)
        model.requestDeletion()
        model.continueDeletion()
        await model.deleteAccount()
        #expect(model.error?.title == "No internet connection")
        #expect(model.isShowingError && !model.isReviewingDeletion)
        #expect(model.session.status == .restoring)
        model.isShowingError = false
        #expect(model.error == nil)
    }
}
