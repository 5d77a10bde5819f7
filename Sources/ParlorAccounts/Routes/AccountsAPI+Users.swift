import Foundation
import OpenAPIRuntime
import ParlorAPI
import ParlorHTTP

/// The signed-in user's account and other players' public profiles.
extension AccountsAPI {
    package func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        .ok(.init(try await accounts.account(try await accounts.authenticate())))
    }

    package func updateMe(_ input: Operations.UpdateMe.Input) async throws -> Operations.UpdateMe.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let caller = try await accounts.authenticate()
        // The whole object: `share_replays` is decoded into its own field, apart from the free-form rest.
        let preferences = try body.preferences.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let change = AccountService.ProfileChange(
            username: body.username, displayName: body.displayName, avatarURL: body.avatarUrl, email: body.email, preferences: preferences,
            locale: body.locale)
        return .ok(.init(try await accounts.update(change, for: caller)))
    }

    package func verifyEmail(_ input: Operations.VerifyEmail.Input) async throws -> Operations.VerifyEmail.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let caller = try await accounts.authenticate()
        return .ok(.init(try await accounts.verifyEmail(code: body.code, for: caller)))
    }

    package func resendEmailVerification(_ input: Operations.ResendEmailVerification.Input) async throws -> Operations.ResendEmailVerification.Output {
        try await accounts.resendEmailCode(for: try await accounts.authenticate())
        return .accepted(.init())
    }

    package func deleteMe(_ input: Operations.DeleteMe.Input) async throws -> Operations.DeleteMe.Output {
        try await accounts.deleteAccount(try await accounts.authenticate(), erasers: erasers)
        return .noContent(.init())
    }

    package func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let caller = try await accounts.authenticate()
        try await accounts.changePassword(current: body.currentPassword, new: body.newPassword, for: caller)
        return .noContent(.init())
    }

    package func unlinkIdentity(_ input: Operations.UnlinkIdentity.Input) async throws -> Operations.UnlinkIdentity.Output {
        let caller = try await accounts.authenticate()
        return .ok(.init(try await accounts.unlink(provider: input.path.provider.rawValue, for: caller)))
    }

    package func checkUsername(_ input: Operations.CheckUsername.Input) async throws -> Operations.CheckUsername.Output {
        let username = input.query.username
        let verdict: Components.Schemas.UsernameAvailability =
            switch try await accounts.availability(of: username) {
            case .available: .init(username: username, available: true)
            case .invalid(let problem): .init(username: username, available: false, reason: .invalid, message: "username \(problem)")
            case .reserved: .init(username: username, available: false, reason: .reserved, message: "this username is reserved")
            case .taken: .init(username: username, available: false, reason: .taken, message: "this username is taken")
            }
        return .ok(.init(body: .json(verdict)))
    }
}
