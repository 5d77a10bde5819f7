import Crypto
import GameSession

import class Foundation.JSONDecoder
import class Foundation.JSONEncoder
import struct Foundation.Data

/// The plaintext messages that open a link, before anything is encrypted:
///
///     joiner → host   hello(version, lobby, peer, key)    its ephemeral X25519 public key
///     host → joiner   hello(version, key) or refused(reason)
///     joiner → host   confirm(mac)                        proves it derived the same keys
///     host → joiner   accepted, or refused("Wrong passcode")
///
/// Keys come from the X25519 secret salted with the lobby secret (a private lobby's passcode
/// hash), so a joiner with the wrong passcode derives other keys and its `confirm` fails. The
/// host answers only a correct `confirm`, and never sends a value of its own that depends on the
/// passcode, so a joiner cannot test guesses offline; an eavesdropper sees public keys only.
struct PartyHandshakeMessage: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable { case hello, confirm, accepted, refused }

    var type: Kind
    var version: Int?
    var lobby: String?
    var peer: String?
    var key: Data?
    var mac: Data?
    var reason: String?

    static let currentVersion = 1
    /// Handshake messages are small; a larger one is not a handshake.
    static let maximumBytes = 4096

    func encoded() throws -> Data { try JSONEncoder().encode(self) }

    static func decode(_ frame: some Collection<UInt8>) throws -> PartyHandshakeMessage {
        guard frame.count <= maximumBytes else { throw PartyNetworkError.handshakeFailed }
        return try JSONDecoder().decode(PartyHandshakeMessage.self, from: Data(frame))
    }
}

/// The keys of one link: one per direction, and one for the joiner's proof.
struct PartyLinkKeys: Sendable {
    let joinerToHost: SymmetricKey
    let hostToJoiner: SymmetricKey
    private let confirmation: SymmetricKey
    private let transcript: Data

    /// What both ends mix into the keys: a public lobby's id, or a private lobby's passcode hash.
    static func lobbySecret(lobbyID: String, passcode: String?) -> Data {
        Data((passcode.map { "private:" + PasscodeHash.make(passcode: $0, lobbyID: lobbyID) } ?? "public:" + lobbyID).utf8)
    }

    init(
        privateKey: Curve25519.KeyAgreement.PrivateKey, peerKey: Data, joinerKey: Data, hostKey: Data, lobbyID: String,
        lobbySecret: Data
    ) throws {
        let theirs = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: peerKey)
        let shared = try privateKey.sharedSecretFromKeyAgreement(with: theirs)
        var transcript = Data("parlor-party/\(PartyHandshakeMessage.currentVersion)/\(lobbyID)".utf8)
        transcript.append(joinerKey)
        transcript.append(hostKey)
        let salt = Data(SHA256.hash(data: lobbySecret))
        func derive(_ label: String) -> SymmetricKey {
            shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: Data(label.utf8) + transcript, outputByteCount: 32)
        }
        joinerToHost = derive("joiner-to-host")
        hostToJoiner = derive("host-to-joiner")
        confirmation = derive("joiner-confirms")
        self.transcript = transcript
    }

    /// The joiner's proof that it holds the same keys (and so the same passcode).
    var joinerProof: Data { Data(HMAC<SHA256>.authenticationCode(for: transcript, using: confirmation)) }

    func isValidProof(_ mac: Data?) -> Bool {
        guard let mac else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: transcript, using: confirmation)
    }
}
