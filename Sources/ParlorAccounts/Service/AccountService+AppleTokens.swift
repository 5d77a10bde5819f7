import Foundation
import Logging
import ParlorDatabase
import ParlorHTTP
import SignInProviders
import SQLKit

/// Apple refresh tokens: kept at sign-in (when the app sends its authorization code and the
/// server has Apple token settings) so that deleting the account can revoke them.
extension AccountService {
    var appleTokenClient: AppleTokenClient? {
        configuration.appleTokens.map { AppleTokenClient(client: verifier.httpClient, configuration: $0, now: now) }
    }

    /// The loop every node runs to make queued revocations; nil without Apple token settings.
    package var appleRevocationService: AppleRevocationService? {
        appleTokenClient.map {
            AppleRevocationService(revocations: AppleRevocations(database: database, client: $0, keys: configuration.keyEncryption, now: now, logger: logger))
        }
    }

    /// Trades `code` for a refresh token and keeps it for the Apple identity `subject` of `userID`.
    /// The client id is the verified identity token's audience (the app it was issued to). Never
    /// throws: the user is already signed in, and a failed exchange only means there will be
    /// nothing to revoke; it is logged.
    func keepAppleRefreshToken(code: String, verifiedIdentityToken: String, subject: String, userID: String) async {
        guard let client = appleTokenClient else { return }
        guard let clientID = Self.audience(ofVerified: verifiedIdentityToken) else {
            logger.warning("Apple identity token names no single audience; refresh token not kept")
            return
        }
        switch await client.exchange(code: code, clientID: clientID) {
        case .failure(let failure):
            logger.warning("Apple authorization code exchange failed", metadata: ["client_id": "\(clientID)", "reason": "\(failure.reason)"])
        case .success(let refreshToken):
            do {
                let time = now().millis
                let keys = configuration.keyEncryption
                try await database.transaction { sql in
                    try await AppleTokenStore.keep(refreshToken, subject: subject, clientID: clientID, userID: userID, keys: keys, at: time, on: sql)
                }
            } catch {
                logger.error("could not keep an Apple refresh token", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The `aud` of an identity token that has already been verified (so its payload is trusted).
    static func audience(ofVerified token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[1])),
            let claims = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        if let audience = claims["aud"] as? String { return audience }
        if let audiences = claims["aud"] as? [String], audiences.count == 1 { return audiences.first }
        return nil
    }
}
