import Foundation
import ParlorAPI
import ParlorHTTP
import SignInProviders

/// `POST /auth/gamecenter`: GameKit's identity verification signature.
extension AccountsAPI {
    package func signInWithGameCenter(_ input: Operations.SignInWithGameCenter.Input) async throws -> Operations.SignInWithGameCenter.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        var validator = FieldValidator()
        validator.check(!body.playerId.isEmpty && body.playerId.count <= 256, "player_id", "must be GameKit's teamPlayerID or gamePlayerID")
        validator.check(!body.bundleId.isEmpty && body.bundleId.count <= 256, "bundle_id", "must be the app's bundle id")
        validator.check(!body.publicKeyUrl.isEmpty && body.publicKeyUrl.count <= 2048, "public_key_url", "must be GameKit's publicKeyURL")
        // Strict base64 (standard alphabet, padded), as GameKit's Data.base64EncodedString() gives it.
        let signature = body.signature.count <= 4096 ? Data(base64Encoded: body.signature) : nil
        let salt = body.salt.count <= 512 ? Data(base64Encoded: body.salt) : nil
        validator.check(signature.map { !$0.isEmpty } == true, "signature", "must be the signature in base64")
        validator.check(salt.map { !$0.isEmpty } == true, "salt", "must be the salt in base64")
        validator.check(body.timestamp >= 0, "timestamp", "must be GameKit's timestamp in milliseconds since 1970")
        if let name = body.displayName, let problem = AccountRules.displayNameProblem(name) { validator.fail("display_name", problem) }
        try validator.validate()
        let caller = try await accounts.optionalUser()
        try await accounts.limitSignIn()
        let credential = GameCenterCredential(
            playerID: body.playerId, bundleID: body.bundleId, publicKeyURL: body.publicKeyUrl, signature: Array(signature ?? Data()),
            salt: Array(salt ?? Data()), timestamp: UInt64(max(body.timestamp, 0)))
        let identity = try await verified { try await accounts.verifier.gameCenter(credential) }
        let session = try await accounts.signIn(with: IdentityClaim(identity, displayName: body.displayName), linkingTo: caller)
        return .ok(.init(session, configuration: accounts.configuration))
    }
}
