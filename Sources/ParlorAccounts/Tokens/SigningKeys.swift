import ParlorDatabase
/// Operator tasks on the stored token-signing keys.
public enum SigningKeys {
    /// Seals every stored signing key with `keys.current`; how many needed it.
    public static func reseal(with keys: KeyEncryptionKeys, in database: Database) async throws -> Int {
        try await SigningKeyRing.resealAll(with: keys, in: database)
    }
}
