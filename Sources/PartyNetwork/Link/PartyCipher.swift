import Crypto

import struct Foundation.Data

/// One direction of a link: AES-GCM with the frame's position as its nonce. TCP keeps frames in
/// order, so the receiver knows the nonce without it being sent, and a frame that was changed,
/// dropped, repeated or moved fails to open.
struct PartyCipher: Sendable {
    private let key: SymmetricKey
    private var counter: UInt64 = 0
    static let tagBytes = 16

    init(key: SymmetricKey) { self.key = key }

    mutating func seal(_ plaintext: Data) throws -> Data {
        let box = try AES.GCM.seal(plaintext, using: key, nonce: try nextNonce())
        return box.ciphertext + box.tag
    }

    mutating func open(_ frame: some Collection<UInt8>) throws(PartyNetworkError) -> Data {
        let bytes = Data(frame)
        guard bytes.count >= Self.tagBytes else { throw .tampered }
        do {
            let box = try AES.GCM.SealedBox(
                nonce: try nextNonce(), ciphertext: bytes.prefix(bytes.count - Self.tagBytes), tag: bytes.suffix(Self.tagBytes))
            return try AES.GCM.open(box, using: key)
        } catch {
            throw .tampered
        }
    }

    private mutating func nextNonce() throws -> AES.GCM.Nonce {
        var bytes = Data(repeating: 0, count: 4)
        withUnsafeBytes(of: counter.bigEndian) { bytes.append(contentsOf: $0) }
        counter += 1
        return try AES.GCM.Nonce(data: bytes)
    }
}
