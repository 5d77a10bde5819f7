import Foundation
@testable import ParlorAccounts
import ParlorDatabase
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

@Suite struct SigningKeyRingTests {
    /// The first sign-ins on a fresh database race to make the first key. Each used to make its
    /// own, and a reload that finished late could put back a key set without the newest keys, so
    /// tokens just signed were refused as signed by an unknown key.
    @Test(arguments: TestDatabaseKind.available)
    func concurrentFirstSignersMakeOneKeyAndEveryTokenVerifies(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: true) { database in
            let ring = SigningKeyRing(database: database, encryption: .processLocal, now: { Date() }, rotationInterval: .seconds(3600), retention: .seconds(86_400))
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<32 { group.addTask { try await ring.sign(Self.claims(index)) } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            for (token, index) in zip(tokens, 0...) {
                let claims = try await ring.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
                #expect(claims.aud == "parlor", "token \(index)")
            }
            let keys = try await database.withConnection { sql in try await sql.select().column("kid").from("signing_keys").all() }
            #expect(keys.count == 1)
            #expect(try await ring.publishedKeys().count == 1)
        }
    }

    /// (r, s) and (r, n − s) both verify under ECDSA: the ring signs only the low form and
    /// refuses the twin, so an issued token cannot be turned into a second valid one.
    @Test func everySignatureIsInTheLowFormAndItsTwinIsRefused() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let ring = SigningKeyRing(database: database, encryption: .processLocal, now: { Date() }, rotationInterval: .seconds(3600), retention: .seconds(86_400))
            for index in 0..<24 {
                let token = try await ring.sign(Self.claims(index))
                #expect(ES256Signature.hasLowS(token))
                let twin = try #require(ES256Signature.twin(of: token))
                #expect(ES256Signature.twin(of: twin) == token)
                #expect(twin != token)
                #expect(!ES256Signature.hasLowS(twin))
                #expect(ES256Signature.normalised(twin) == token, "the twin's low form is the token itself")
                _ = try await ring.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
                await #expect(throws: TokenError.badSignature) {
                    try await ring.verify(twin, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
                }
            }
        }
    }

    /// Tokens signed with the ring's own key but with times this server never issues.
    @Test func tokensFromTheFutureOrLivingTooLongAreRefused() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let ring = SigningKeyRing(database: database, encryption: .processLocal, now: { Date() }, rotationInterval: .seconds(3600), retention: .seconds(86_400))
            let now = Int64(Date().timeIntervalSince1970)
            let check: @Sendable (TokenClaims) async throws -> TokenError? = { claims in
                let token = try await ring.sign(claims)
                do {
                    _ = try await ring.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
                    return nil
                } catch let error as TokenError {
                    return error
                }
            }
            var claims = Self.claims(0)
            let result1 = try await check(claims)
            #expect(result1 == nil)
            claims.iat = now + 3600
            claims.exp = now + 3600 + 900
            let result2 = try await check(claims)
            #expect(result2 == .notYetValid)
            claims = Self.claims(0)
            claims.nbf = now + 3600
            let result3 = try await check(claims)
            #expect(result3 == .notYetValid)
            claims = Self.claims(0)
            claims.exp = now + 30 * 365 * 86_400
            let result4 = try await check(claims)
            #expect(result4 == .outlivesLifetime)
            claims.iat = now - 1000
            claims.exp = now - 100
            let result5 = try await check(claims)
            #expect(result5 == .expired)
            // Within the skew: a clock a few seconds ahead of this one.
            claims = Self.claims(0)
            claims.iat = now + 10
            claims.exp = now + 10 + 900
            let result6 = try await check(claims)
            #expect(result6 == nil)
        }
    }

    static func claims(_ index: Int) -> TokenClaims {
        let now = Int64(Date().timeIntervalSince1970)
        return TokenClaims(iss: "parlor-test", sub: "user-\(index)", aud: "parlor", exp: now + 900, iat: now, sid: "session-\(index)")
    }
}
