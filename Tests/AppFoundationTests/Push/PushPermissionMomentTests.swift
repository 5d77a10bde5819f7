import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

/// The permission is asked once per device, when the first online game has finished.
@MainActor
@Suite struct PushPermissionMomentTests {
    func model(_ authorization: PushAuthorization, record: PushPromptRecord, asked: LockIsolated<Int>) -> PushRegistrationModel {
        withDependencies {
            $0.pushPromptRecord = record
            $0.notifications = NotificationsClient(
                authorization: { authorization },
                requestAuthorization: {
                    asked.withValue { $0 += 1 }
                    return true
                },
                registerForRemoteNotifications: {},
                registerDevice: { _, _, _ throws(ParlorError) in })
        } operation: { PushRegistrationModel(brand: .quortex, sandbox: true) }
    }

    @Test func theFirstFinishedOnlineGameAsksAndLaterOnesDoNot() async {
        let asked = LockIsolated(0)
        let record = PushPromptRecord.memory()
        let model = model(.notDetermined, record: record, asked: asked)
        await model.onlineGameFinished()
        #expect(asked.value == 1)
        #expect(model.status == .waitingForToken)
        #expect(record.hasAsked())
        await model.onlineGameFinished()
        #expect(asked.value == 1)
        // The next launch keeps the flag: still no second prompt.
        let relaunched = self.model(.notDetermined, record: record, asked: asked)
        await relaunched.onlineGameFinished()
        #expect(asked.value == 1)
        #expect(relaunched.status == .unknown)
    }

    @Test func anAnswerGivenElsewhereIsNotAskedAgain() async {
        let asked = LockIsolated(0)
        let record = PushPromptRecord.memory()
        let denied = model(.denied, record: record, asked: asked)
        await denied.onlineGameFinished()
        #expect(asked.value == 0)
        #expect(denied.status == .denied)
        #expect(record.hasAsked())
    }
}
