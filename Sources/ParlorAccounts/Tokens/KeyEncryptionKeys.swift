import Crypto
import Foundation

/// The keys that encrypt the token-signing keys at rest (key-encryption keys, AES-256-GCM).
///
/// They come from the settings or a file, never from the database, so a copy of the database (a
/// backup, a replica, a leaked dump) signs no token. The first key seals; every key listed opens,
/// so rotating is: put a new key first, keep the old one listed until every node runs with the
/// new list and the stored keys are sealed again (nodes do that as they load them, and
/// `parlor keys rewrap` does it for all at once), then drop the old one.
public struct KeyEncryptionKeys: Sendable {
    /// One key: a short name, stored beside what it sealed, and 32 bytes.
    public struct Key: Sendable {
        public let id: String
        let material: SymmetricKey

        init(id: String, material: SymmetricKey) {
            self.id = id
            self.material = material
        }
    }

    /// Seals new ciphertexts.
    public let current: Key
    /// Still open what they sealed, for rotation.
    public let previous: [Key]

    public var ids: [String] { [current.id] + previous.map(\.id) }

    /// Parses `id:base64` entries separated by commas or new lines, the sealing key first; `#`
    /// starts a comment line.
    public init(parsing text: String) throws(KeyEncryptionError) {
        var keys: [Key] = []
        let entries = text.split(whereSeparator: { $0 == "," || $0.isNewline })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        for entry in entries {
            guard let colon = entry.firstIndex(of: ":") else { throw .malformed("'\(entry.prefix(12))…' is not id:base64") }
            let id = String(entry[..<colon])
            guard (1...32).contains(id.utf8.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw .malformed("key id '\(id.prefix(32))' must be 1–32 letters, digits, '-' or '_'")
            }
            guard let bytes = Data(base64Encoded: String(entry[entry.index(after: colon)...])), bytes.count == 32 else {
                throw .malformed("key '\(id)' must be 32 bytes in base64")
            }
            guard !keys.contains(where: { $0.id == id }) else { throw .malformed("key id '\(id)' is listed twice") }
            keys.append(Key(id: id, material: SymmetricKey(data: bytes)))
        }
        guard let first = keys.first else { throw .malformed("no key is listed") }
        current = first
        previous = Array(keys.dropFirst())
    }

    /// A new random key named `id`, as one `id:base64` line.
    public static func generateEntry(id: String) -> String {
        id + ":" + SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
    }

    /// One random key for the life of this process: for tests and embedded servers that set none.
    /// Keys sealed with it cannot be opened by the next process.
    public static let processLocal: KeyEncryptionKeys = {
        do {
            return try KeyEncryptionKeys(parsing: generateEntry(id: "process"))
        } catch {
            preconditionFailure("a generated key does not parse: \(error)")
        }
    }()

    static let prefix = "enc:v1:"

    /// `plaintext` sealed with the current key, bound to `context` (the signing key's kid, so a
    /// sealed value moved to another row does not open): `enc:v1:<key id>:<base64 nonce‖ciphertext‖tag>`.
    func seal(_ plaintext: String, context: String) throws -> String {
        let box = try AES.GCM.seal(Data(plaintext.utf8), using: current.material, authenticating: Data(context.utf8))
        guard let combined = box.combined else { throw KeyEncryptionError.cannotOpen("AES-GCM gave no combined form") }
        return Self.prefix + current.id + ":" + combined.base64EncodedString()
    }

    /// Opens a value `seal` made; the id of the key that sealed it, nil for a value stored before
    /// keys were sealed (plain PEM), which the caller seals again.
    func open(_ stored: String, context: String) throws(KeyEncryptionError) -> (plaintext: String, sealedBy: String?) {
        guard stored.hasPrefix(Self.prefix) else {
            guard stored.hasPrefix("-----BEGIN") else { throw .cannotOpen("the stored value is neither sealed nor PEM") }
            return (stored, nil)
        }
        let rest = stored.dropFirst(Self.prefix.count)
        guard let colon = rest.firstIndex(of: ":") else { throw .cannotOpen("the stored value names no key") }
        let id = String(rest[..<colon])
        guard let key = ([current] + previous).first(where: { $0.id == id }) else {
            throw .unknownKey(id)
        }
        do {
            guard let combined = Data(base64Encoded: String(rest[rest.index(after: colon)...])) else {
                throw KeyEncryptionError.cannotOpen("the stored value is not base64")
            }
            let opened = try AES.GCM.open(try AES.GCM.SealedBox(combined: combined), using: key.material, authenticating: Data(context.utf8))
            guard let text = String(data: opened, encoding: .utf8) else { throw KeyEncryptionError.cannotOpen("the opened value is not text") }
            return (text, id)
        } catch let error as KeyEncryptionError {
            throw error
        } catch {
            throw .cannotOpen("key '\(id)' does not open it (a different key under the same name, or a changed value)")
        }
    }
}

public enum KeyEncryptionError: Error, Equatable, CustomStringConvertible {
    /// The settings' key list does not parse.
    case malformed(String)
    /// A stored signing key was sealed with a key the settings do not list.
    case unknownKey(String)
    /// A stored signing key does not open.
    case cannotOpen(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "key_encryption_keys: \(reason)"
        case .unknownKey(let id):
            "a token signing key is sealed with key-encryption key '\(id)', which key_encryption_keys does not list; every node needs the same keys"
        case .cannotOpen(let reason): "a token signing key does not open: \(reason)"
        }
    }
}
