import Crypto

import struct Foundation.Data

/// How a private lobby's passcode travels: SHA-256 of the lobby id and the passcode, never the
/// passcode itself. Salting with the lobby id stops one table of hashes serving every lobby.
///
/// A short passcode can still be brute-forced from its hash, so the host never puts the hash in
/// the `LobbyInfo` it broadcasts (the seed's `passcodeHash` field stays nil on the wire); only a
/// joining client sends it, to the host alone.
public enum PasscodeHash {
    public static func make(passcode: String, lobbyID: String) -> String {
        let digest = SHA256.hash(data: Data("parlor-lobby:\(lobbyID):\(passcode)".utf8))
        return digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// Compares in time that depends only on the lengths, not on where the strings differ.
    public static func matches(_ candidate: String?, expected: String) -> Bool {
        guard let candidate else { return false }
        let left = Array(candidate.utf8)
        let right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
