import Crypto
import Dependencies
import Foundation

/// Sign in with Apple's replay guard: the app sends Apple the SHA-256 of a random nonce, and the
/// server checks the raw nonce against the hash inside Apple's identity token.
enum AppleNonce {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvwxyz-._")

    static func make(_ random: WithRandomNumberGenerator, length: Int = 32) -> String {
        random { generator in
            String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
    }

    static func hashed(_ nonce: String) -> String {
        SHA256.hash(data: Data(nonce.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
