import ApplePush
import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorHTTP
import ParlorTopDog

/// Push's routes: devices and preferences; the application root forwards them here.
package struct NotificationsAPI: Sendable {
    let accounts: AccountService
    let push: NotificationsServices

    package init(accounts: AccountService, push: NotificationsServices) {
        self.accounts = accounts
        self.push = push
    }

    package func registerPushDevice(_ input: Operations.RegisterPushDevice.Input) async throws -> Operations.RegisterPushDevice.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let device: PushDevice
        do {
            device = try DeviceRegistrationRules.device(
                token: body.token, environment: body.environment.rawValue, bundleID: body.bundleId, kind: body.kind.rawValue,
                activityID: body.activityId, user: caller.userID, at: push.millis, allowedBundles: push.bundleIDs)
        } catch {
            throw APIError.invalidFields(error.fields.map { FieldError(field: $0.field, message: $0.message) })
        }
        try await push.database.transaction { sql in
            // A Live Activity follows one draft room: only a room the user has a team in.
            if device.kind == .liveActivity, let room = device.activityID, try await !RoomStore.hasEntry(of: caller.userID, in: room, on: sql) {
                throw APIError.invalidFields([FieldError(field: "activity_id", message: "is not a draft room you have a team in")])
            }
            try await DeviceStore.register(device, on: sql)
        }
        return .ok(.init(body: .json(.init(device))))
    }

    package func listPushDevices(_ input: Operations.ListPushDevices.Input) async throws -> Operations.ListPushDevices.Output {
        let caller = try await accounts.authenticate()
        let devices = try await push.database.withConnection { sql in try await DeviceStore.devices(of: caller.userID, on: sql) }
        return .ok(.init(body: .json(.init(devices: devices.map(Components.Schemas.PushDevice.init)))))
    }

    package func unregisterPushDevice(_ input: Operations.UnregisterPushDevice.Input) async throws -> Operations.UnregisterPushDevice.Output {
        let caller = try await accounts.authenticate()
        let removed = try await push.database.withConnection { sql in try await DeviceStore.remove(input.path.token, of: caller.userID, on: sql) }
        guard removed else { throw APIError.notFound("you have no device with this token") }
        return .noContent(.init())
    }

    package func getPushPreferences(_ input: Operations.GetPushPreferences.Input) async throws -> Operations.GetPushPreferences.Output {
        let caller = try await accounts.authenticate()
        let preferences = try await push.database.withConnection { sql in try await PushPreferencesStore.preferences(of: caller.userID, on: sql) }
        return .ok(.init(body: .json(.init(preferences))))
    }

    package func setPushPreferences(_ input: Operations.SetPushPreferences.Input) async throws -> Operations.SetPushPreferences.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let stored = try await push.database.transaction { sql in
            var preferences = try await PushPreferencesStore.preferences(of: caller.userID, on: sql)
            preferences.turnReminders = body.turnReminders ?? preferences.turnReminders
            preferences.invitations = body.invitations ?? preferences.invitations
            preferences.gameOver = body.gameOver ?? preferences.gameOver
            try await PushPreferencesStore.set(preferences, of: caller.userID, on: sql)
            return preferences
        }
        return .ok(.init(body: .json(.init(stored))))
    }
}

extension Components.Schemas.PushDevice {
    init(_ device: PushDevice) {
        self.init(
            token: device.token, environment: .init(rawValue: device.environment.rawValue) ?? .production, bundleId: device.bundleID,
            kind: device.kind == .alert ? .alert : .liveActivity, activityId: device.activityID, registeredAt: Date(millis: device.registeredAt))
    }
}

extension Components.Schemas.PushPreferences {
    init(_ preferences: PushPreferences) {
        self.init(turnReminders: preferences.turnReminders, invitations: preferences.invitations, gameOver: preferences.gameOver)
    }
}
