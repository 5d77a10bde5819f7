import Foundation
import OpenAPIRuntime
import ParlorAPI
import ParlorHTTP

/// Turns stored accounts into their wire shapes.
extension Components.Schemas.User {
    init(_ user: UserRecord, identities: [IdentityRecord]) {
        self.init(
            id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl,
            email: user.email, emailVerified: user.emailVerified != 0, locale: user.locale,
            preferences: Self.preferences(user.preferences),
            roles: user.staffRole.map { [.init(rawValue: $0.rawValue)].compactMap { $0 } } ?? [],
            identities: identities.compactMap { identity in
                Components.Schemas.IdentityProvider(rawValue: identity.provider).map {
                    .init(provider: $0, email: identity.email, linkedAt: Date(millis: identity.createdAt))
                }
            },
            hasPassword: user.passwordHash != nil,
            createdAt: Date(millis: user.createdAt), lastActiveAt: Date(millis: user.lastActiveAt))
    }

    private static func preferences(_ json: String) -> Components.Schemas.Preferences {
        // Decoded as the schema, so `share_replays` is its own field (the rest stays free-form),
        // shown with its default; stored text it cannot read shows as no preferences, as before.
        var preferences = (try? JSONDecoder().decode(Components.Schemas.Preferences.self, from: Data(json.utf8))) ?? .init()
        preferences.shareReplays = preferences.shareReplays ?? ReplaySharing.allowed(inPreferences: json)
        return preferences
    }
}

extension Components.Schemas.PublicUser {
    package init(_ user: UserRecord) {
        self.init(
            id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl,
            createdAt: Date(millis: user.createdAt))
    }
}

extension Components.Schemas.AuthSession {
    init(_ issued: IssuedSession, configuration: AccountsConfiguration) {
        let session = issued.session
        self.init(
            user: .init(session.user, identities: session.identities), accessToken: issued.accessToken, tokenType: .bearer,
            expiresIn: configuration.accessTokenLifetime.wholeSeconds, refreshToken: session.refreshToken,
            refreshExpiresIn: configuration.refreshTokenLifetime.wholeSeconds, isNewUser: session.isNew)
    }
}

extension Components.Responses.AuthSession {
    init(_ session: IssuedSession, configuration: AccountsConfiguration) {
        self.init(body: .json(.init(session, configuration: configuration)))
    }
}

extension Components.Responses.Me {
    init(_ account: (UserRecord, [IdentityRecord])) {
        self.init(body: .json(.init(account.0, identities: account.1)))
    }
}
