import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

@MainActor
@Suite struct PushRegistrationModelTests {
    final class Calls: Sendable {
        let asked = LockIsolated(0)
        let tokenRequests = LockIsolated(0)
        let registered = LockIsolated<[String]>([])
    }

    func model(
        authorization: PushAuthorization, grants: Bool = true, register: ParlorError? = nil, calls: Calls
    ) -> PushRegistrationModel {
        withDependencies {
            $0.notifications = NotificationsClient(
                authorization: { authorization },
                requestAuthorization: {
                    calls.asked.withValue { $0 += 1 }
                    return grants
                },
                registerForRemoteNotifications: { calls.tokenRequests.withValue { $0 += 1 } },
                registerDevice: { token, bundle, sandbox throws(ParlorError) in
                    if let register { throw register }
                    calls.registered.withValue { $0.append("\(token) \(bundle) \(sandbox ? "sandbox" : "production")") }
                })
        } operation: { PushRegistrationModel(brand: .topDog, sandbox: true) }
    }

    @Test func askingOnceThenTheTokenGoesToTheServerForThisApp() async {
        let calls = Calls()
        let model = model(authorization: .notDetermined, calls: calls)
        #expect(model.status == .unknown)
        await model.refresh()
        #expect(model.status == .notAsked)
        #expect(model.canAsk)
        await model.askPermission()
        #expect(calls.asked.value == 1)
        #expect(model.status == .waitingForToken)
        #expect(calls.tokenRequests.value == 1)
        await model.didRegister(deviceToken: Data([0xAB, 0x01, 0xFF]))
        #expect(model.status == .registered)
        #expect(calls.registered.value == ["ab01ff com.topdog.app sandbox"])
        await model.askPermission()
        #expect(calls.asked.value == 1)
    }

    @Test func aRefusalPointsToSettingsAndIsNotAskedAgain() async {
        let calls = Calls()
        let model = model(authorization: .notDetermined, grants: false, calls: calls)
        await model.refresh()
        await model.askPermission()
        #expect(model.status == .denied)
        #expect(model.needsSettings)
        await model.askPermission()
        #expect(calls.asked.value == 1)
        #expect(calls.tokenRequests.value == 0)
    }

    @Test func alreadyAllowedAsksForATokenAtEveryLaunch() async {
        let calls = Calls()
        let model = model(authorization: .authorized, calls: calls)
        await model.refresh()
        #expect(model.status == .waitingForToken)
        #expect(calls.asked.value == 0)
        #expect(calls.tokenRequests.value == 1)
    }

    @Test func aServerRefusalIsShownWithItsReason() async {
        let calls = Calls()
        let refusal = ParlorError(
            kind: .invalidInput, code: "invalid_fields", message: "invalid", status: 400,
            fields: [.init(field: "bundle_id", message: "must be one of this server's apps")])
        let model = model(authorization: .authorized, register: refusal, calls: calls)
        await model.refresh()
        await model.didRegister(deviceToken: Data(repeating: 1, count: 32))
        #expect(model.status == .failed(ErrorPresentation(refusal)))
        model.didFailToRegister("no APNs in the simulator")
        #expect(model.status == .failed(ErrorPresentation(title: "Notifications unavailable", message: "no APNs in the simulator", recovery: .retry)))
    }
}
