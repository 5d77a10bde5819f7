import Foundation
import JWTKit
@testable import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing

@Suite("Token-signing keys are sealed at rest with keys from the settings")
struct KeyEncryptionTests {
    static let old = KeyEncryptionKeys.generateEntry(id: "old")
    static let new = KeyEncryptionKeys.generateEntry(id: "new")

    @Test func aSealedValueOpensOnlyWithItsKeyAndContext() throws {
        let keys = try KeyEncryptionKeys(parsing: Self.old)
        let sealed = try keys.seal("-----BEGIN PRIVATE KEY-----x", context: "kid-1")
        #expect(sealed.hasPrefix("enc:v1:old:"))
        #expect(!sealed.contains("BEGIN"))
        #expect(try keys.open(sealed, context: "kid-1") == ("-----BEGIN PRIVATE KEY-----x", "old"))
        #expect(throws: KeyEncryptionError.self, "moved to another row") { try keys.open(sealed, context: "kid-2") }
        var tampered = Array(sealed)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
        #expect(throws: KeyEncryptionError.self) { try keys.open(String(tampered), context: "kid-1") }
        let stranger = try KeyEncryptionKeys(parsing: Self.new)
        #expect(throws: KeyEncryptionError.unknownKey("old")) { try stranger.open(sealed, context: "kid-1") }
        // A different key under the same name does not open it either.
        let impostor = try KeyEncryptionKeys(parsing: KeyEncryptionKeys.generateEntry(id: "old"))
        #expect(throws: KeyEncryptionError.self) { try impostor.open(sealed, context: "kid-1") }
        // Values stored before sealing are plain PEM, opened as such so they can be sealed.
        #expect(try keys.open("-----BEGIN PRIVATE KEY-----y", context: "k") == ("-----BEGIN PRIVATE KEY-----y", nil))
        #expect(throws: KeyEncryptionError.self) { try keys.open("garbage", context: "k") }
    }

    @Test func theKeyListIsCheckedAndTheFirstKeySeals() throws {
        let both = try KeyEncryptionKeys(parsing: "# comment\n\(Self.new)\n\(Self.old)\n")
        #expect(both.ids == ["new", "old"])
        #expect(try KeyEncryptionKeys(parsing: "\(Self.new), \(Self.old)").ids == ["new", "old"])
        let bad = [
            "", "# only a comment", "nocolon", "bad id!:\(Data(count: 32).base64EncodedString())", "short:\(Data(count: 16).base64EncodedString())",
            "x:not base64", "\(Self.old),\(Self.old)",
        ]
        for text in bad {
            #expect(throws: KeyEncryptionError.self, "\(text)") { try KeyEncryptionKeys(parsing: text) }
        }
    }

    /// Rotation: a ring given a new key first (and the old one still listed) keeps every token
    /// signed before valid and seals the stored keys again; a ring without the old key cannot read
    /// them and says so, instead of signing with a key of its own.
    @Test(arguments: TestDatabaseKind.available)
    func rotatingTheKeyEncryptionKeyResealsAndKeepsTokensValid(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase(migrated: true) { database in
            let before = Self.ring(database, try KeyEncryptionKeys(parsing: Self.old))
            let token = try await before.sign(Self.claims())
            #expect(try await Self.stored(database).allSatisfy { $0.hasPrefix("enc:v1:old:") && !$0.contains("PRIVATE") })

            let outsider = Self.ring(database, try KeyEncryptionKeys(parsing: Self.new))
            await #expect(throws: KeyEncryptionError.unknownKey("old")) { try await outsider.sign(Self.claims()) }
            await #expect(throws: TokenError.self) { try await outsider.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900)) }

            let after = Self.ring(database, try KeyEncryptionKeys(parsing: "\(Self.new),\(Self.old)"))
            _ = try await after.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
            #expect(try await Self.stored(database).allSatisfy { $0.hasPrefix("enc:v1:new:") })
            let newOnly = Self.ring(database, try KeyEncryptionKeys(parsing: Self.new))
            _ = try await newOnly.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
        }
    }

    /// Keys stored plain by an earlier version are sealed when loaded, and `reseal` seals every
    /// row, retired ones included.
    @Test func plainKeysFromEarlierVersionsAreSealed() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let keys = try KeyEncryptionKeys(parsing: Self.new)
            let now = Date().millis
            try await database.withConnection { sql in
                for (kid, retired) in [("plain-1", nil), ("plain-2", now as Int64?)] {
                    try await sql.insert(into: "signing_keys").columns("kid", "algorithm", "private_key", "created_at", "retired_at")
                        .values(SQLBind(kid), SQLBind("ES256"), SQLBind(ES256PrivateKey().pemRepresentation), SQLBind(now), SQLBind(retired)).run()
                }
            }
            let ring = Self.ring(database, keys)
            let token = try await ring.sign(Self.claims())
            _ = try await ring.verify(token, issuer: "parlor-test", audience: "parlor", lifetime: .seconds(900))
            #expect(try await Self.stored(database).filter { $0.hasPrefix("-----BEGIN") }.count == 1, "the loaded key is sealed, the retired one waits")
            #expect(try await SigningKeys.reseal(with: keys, in: database) == 1)
            #expect(try await Self.stored(database).allSatisfy { $0.hasPrefix("enc:v1:new:") })
            #expect(try await SigningKeys.reseal(with: keys, in: database) == 0)
        }
    }

    static func ring(_ database: Database, _ keys: KeyEncryptionKeys) -> SigningKeyRing {
        SigningKeyRing(database: database, encryption: keys, now: { Date() }, rotationInterval: .seconds(3600), retention: .seconds(86_400))
    }

    static func stored(_ database: Database) async throws -> [String] {
        try await database.withConnection { sql in
            try await sql.select().column("private_key").from("signing_keys").all().map { try $0.decode(column: "private_key", as: String.self) }
        }
    }

    static func claims() -> TokenClaims {
        let now = Int64(Date().timeIntervalSince1970)
        return TokenClaims(iss: "parlor-test", sub: "user", aud: "parlor", exp: now + 900, iat: now, sid: "session")
    }
}
