import Foundation
import JWTKit
import Logging
import ParlorDatabase
import ParlorHTTP
import SQLKit

/// The ES256 keys that sign Parlor's tokens, shared by every node through the database.
///
/// The newest key signs. A key superseded by a newer one stays published, and accepted, for the
/// retention period, longer than any token it signed can live, so rotating never logs anyone out.
/// Each node reloads the table now and then (and at once on an unknown `kid`) to see keys other
/// nodes made.
///
/// The actor is reentrant across its database calls, so three rules keep concurrent callers apart:
/// one rotation at a time (the first sign-ins on a fresh database make one key, not one each);
/// callers that find the keys due for a reload share one; and a reload that finishes after a
/// later-started one is dropped rather than putting back an older key set, which would refuse
/// tokens signed by the newer keys.
///
/// Private keys are stored sealed with ``KeyEncryptionKeys`` from the settings. A key found sealed
/// with an older key-encryption key, or stored plain by an earlier version, is sealed again with
/// the current one as it is loaded.
actor SigningKeyRing {
    struct Key: Sendable {
        let kid: String
        let privateKey: ES256PrivateKey
        let createdAt: Int64
    }

    private let database: Database
    private let encryption: KeyEncryptionKeys
    private let now: @Sendable () -> Date
    private let rotationInterval: Duration
    private let retention: Duration
    private var keys: [Key] = []
    private var collection = JWTKeyCollection()
    private var loadedAt: Int64?
    private var rotation: Task<Void, any Error>?
    private var pendingReload: Task<Void, any Error>?
    /// Reloads started so far, and the number of the one whose keys are in use.
    private var reloadsStarted = 0
    private var reloadApplied = 0

    static let reloadInterval: Int64 = 60_000
    static let unknownKeyReloadInterval: Int64 = 5_000

    init(
        database: Database, encryption: KeyEncryptionKeys, now: @escaping @Sendable () -> Date, rotationInterval: Duration, retention: Duration
    ) {
        self.database = database
        self.encryption = encryption
        self.now = now
        self.rotationInterval = rotationInterval
        self.retention = retention
    }

    /// Signs `claims` with the newest key, making one first when there is none or it is due.
    func sign(_ claims: TokenClaims) async throws -> String {
        try await reloadIfOlder(than: Self.reloadInterval)
        let current = now().millis
        if keys.first.map({ current - $0.createdAt >= rotationInterval.milliseconds }) ?? true {
            try await rotateOnce()
        }
        guard let key = keys.first else { throw TokenError.unknownKey }
        return ES256Signature.normalised(try await collection.sign(claims, kid: JWKIdentifier(string: key.kid)))
    }

    /// Leeway for clocks that disagree, in milliseconds.
    static let skew: Int64 = 30_000

    /// Verifies signature, issuer, audience and time: not expired, not issued (nor valid from) in
    /// the future, and living no longer than `lifetime`, each with ``skew`` of leeway. A token
    /// that breaks the time rules was not signed by this server as it runs now, whatever its key.
    func verify(_ token: String, issuer: String, audience: String, lifetime: Duration) async throws(TokenError) -> TokenClaims {
        let claims = try await verifiedSignature(token)
        guard claims.iss == issuer else { throw .wrongIssuer }
        guard claims.aud == audience else { throw .wrongAudience }
        let current = now().millis
        guard claims.exp * 1000 + Self.skew > current else { throw .expired }
        guard max(claims.iat, claims.nbf ?? claims.iat) * 1000 <= current + Self.skew else { throw .notYetValid }
        guard claims.exp >= claims.iat, (claims.exp - claims.iat) * 1000 <= lifetime.milliseconds + Self.skew else { throw .outlivesLifetime }
        return claims
    }

    /// Verifies only the signature; for introspection, which reports on any audience it is asked about.
    func verifiedSignature(_ token: String) async throws(TokenError) -> TokenClaims {
        guard token.split(separator: ".", omittingEmptySubsequences: false).count == 3 else { throw .malformed }
        // The twin (r, n − s) of a valid signature verifies too; only the form this server signs counts.
        guard ES256Signature.hasLowS(token) else { throw .badSignature }
        // A database that cannot be read leaves the loaded keys in use; the session check reports it.
        try? await reloadIfOlder(than: Self.reloadInterval)
        do {
            return try await verifyWithLoadedKeys(token)
        } catch .unknownKey {
            // Another node may have rotated since this one last looked.
            try? await reloadIfOlder(than: Self.unknownKeyReloadInterval)
            return try await verifyWithLoadedKeys(token)
        }
    }

    /// The published public keys, newest first.
    func publishedKeys() async throws -> [(kid: String, x: String, y: String)] {
        try await reloadIfOlder(than: Self.reloadInterval)
        return keys.compactMap { key in
            key.privateKey.publicKey.parameters.map { (key.kid, $0.x, $0.y) }
        }
    }

    /// Joins the rotation under way, or starts one.
    private func rotateOnce() async throws {
        if let rotation { return try await rotation.value }
        let task = Task { try await rotate() }
        rotation = task
        defer { rotation = nil }
        try await task.value
    }

    /// Throws when this node could not sign a token now: the stored keys cannot be read or
    /// opened with the key-encryption keys from the settings. A fresh database with no key yet
    /// passes; the first sign-in makes one.
    func checkCanSign() async throws {
        try await reloadIfOlder(than: Self.reloadInterval)
    }

    /// Makes a new signing key; the previous ones stay published for the retention period.
    func rotate() async throws {
        let key = ES256PrivateKey()
        let kid = Secrets.randomToken(bytes: 12)
        let createdAt = now().millis
        let sealed = try encryption.seal(key.pemRepresentation, context: kid)
        try await database.withConnection { sql in
            try await sql.insert(into: "signing_keys")
                .columns("kid", "algorithm", "private_key", "created_at")
                .values(SQLBind(kid), SQLBind("ES256"), SQLBind(sealed), SQLBind(createdAt))
                .run()
        }
        database.logger.info("made a new token signing key", metadata: ["kid": "\(kid)"])
        try await reload()
    }

    private func verifyWithLoadedKeys(_ token: String) async throws(TokenError) -> TokenClaims {
        do {
            return try await collection.verify(token, as: TokenClaims.self)
        } catch let error as JWTError {
            switch error.errorType {
            case .signatureVerificationFailed: throw .badSignature
            case .unknownKID, .missingKIDHeader: throw .unknownKey
            default: throw .malformed
            }
        } catch {
            throw .malformed
        }
    }

    private func reloadIfOlder(than age: Int64) async throws {
        if let loadedAt, now().millis - loadedAt < age { return }
        if let pendingReload { return try await pendingReload.value }
        let task = Task { try await reload() }
        pendingReload = task
        defer { pendingReload = nil }
        try await task.value
    }

    private func reload() async throws {
        reloadsStarted += 1
        let number = reloadsStarted
        let rows = try await database.withConnection { sql in
            try await sql.select().columns("kid", "private_key", "created_at").from("signing_keys")
                .where("retired_at", .is, SQLLiteral.null)
                .orderBy("created_at", .descending).orderBy("kid", .descending)
                .all()
        }
        let current = now().millis
        var loaded: [Key] = []
        var resealing: [(kid: String, stored: String, pem: String)] = []
        for (index, row) in rows.enumerated() {
            let createdAt = try row.decode(column: "created_at", as: Int64.self)
            // A key is published until its successor has been signing for the retention period.
            if index > 0, let successor = loaded.last, current - successor.createdAt >= retention.milliseconds { break }
            let stored = try row.decode(column: "private_key", as: String.self)
            let kid = try row.decode(column: "kid", as: String.self)
            let (pem, sealedBy) = try encryption.open(stored, context: kid)
            if sealedBy != encryption.current.id { resealing.append((kid, stored, pem)) }
            loaded.append(Key(kid: kid, privateKey: try ES256PrivateKey(pem: pem), createdAt: createdAt))
        }
        if !resealing.isEmpty { try await Self.reseal(resealing, with: encryption, in: database) }
        let fresh = JWTKeyCollection()
        for key in loaded { await fresh.add(ecdsa: key.privateKey, kid: JWKIdentifier(string: key.kid)) }
        guard number > reloadApplied else { return }
        reloadApplied = number
        keys = loaded
        collection = fresh
        loadedAt = current
    }

    /// Seals `keys` again with the current key-encryption key. Each row is replaced only if it
    /// still holds what was read, so a node with an older key list cannot undo a newer seal.
    private static func reseal(_ keys: [(kid: String, stored: String, pem: String)], with encryption: KeyEncryptionKeys, in database: Database) async throws {
        try await database.withConnection { sql in
            for key in keys {
                try await sql.update("signing_keys").set("private_key", to: try encryption.seal(key.pem, context: key.kid))
                    .where("kid", .equal, key.kid).where("private_key", .equal, key.stored).run()
            }
        }
        database.logger.info("sealed token signing keys with the current key-encryption key", metadata: ["keys": "\(keys.count)", "kek": "\(encryption.current.id)"])
    }

    /// Seals every stored signing key, retired ones too, with the current key-encryption key;
    /// how many were sealed again. After it, older key-encryption keys can leave the settings.
    static func resealAll(with encryption: KeyEncryptionKeys, in database: Database) async throws -> Int {
        let rows = try await database.withConnection { sql in
            try await sql.select().columns("kid", "private_key").from("signing_keys").all()
        }
        var resealing: [(kid: String, stored: String, pem: String)] = []
        for row in rows {
            let kid = try row.decode(column: "kid", as: String.self)
            let stored = try row.decode(column: "private_key", as: String.self)
            let (pem, sealedBy) = try encryption.open(stored, context: kid)
            if sealedBy != encryption.current.id { resealing.append((kid, stored, pem)) }
        }
        if !resealing.isEmpty { try await reseal(resealing, with: encryption, in: database) }
        return resealing.count
    }
}
