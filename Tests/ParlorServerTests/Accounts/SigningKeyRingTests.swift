import Foundation
@testable import ParlorAccounts
import ParlorDatabase
@testable import ParlorHTTP
@testable import ParlorMiniApps
@testable import ParlorPlay
@testable import ParlorRealtime
@testable import ParlorServer
@testable import ParlorSync
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
            let ring = SigningKeyRing(database: database, now: { Date() }, rotationInterval: .seconds(3600), retention: .seconds(86_400))
            let tokens = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<32 { group.addTask { try await ring.sign(Self.claims(index)) } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            for (token, index) in zip(tokens, 0...) {
                let claims = try await ring.verify(token, issuer: "parlor-test", audience: "parlor")
                #expect(claims.aud == "parlor", "token \(index)")
            }
            let keys = try await database.withConnection { sql in try await sql.select().column("kid").from("signing_keys").all() }
            #expect(keys.count == 1)
            #expect(try await ring.publishedKeys().count == 1)
        }
    }

    static func claims(_ index: Int) -> TokenClaims {
        let now = Int64(Date().timeIntervalSince1970)
        return TokenClaims(iss: "parlor-test", sub: "user-\(index)", aud: "parlor", exp: now + 900, iat: now, sid: "session-\(index)")
    }
}
