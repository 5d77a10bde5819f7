import Foundation
import ParlorAccounts
import ParlorHTTP

/// A position in one user's sync log: the change number of the last event a reader has seen.
///
/// On the wire it is opaque, base64url (no padding) of `v1:<n>`, so that clients store it as given
/// and a later format can be told apart by its prefix.
struct SyncChangeToken: Hashable, Sendable, CustomStringConvertible {
    let change: Int64

    init(change: Int64) { self.change = change }

    /// Nil unless `text` is a token this server writes.
    init?(_ text: String) {
        guard text.utf8.count <= 64, let data = Data(base64URLEncoded: text) else { return nil }
        let decoded = String(decoding: data, as: UTF8.self)
        guard decoded.hasPrefix("v1:") else { return nil }
        let digits = decoded.dropFirst(3)
        guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let change = Int64(digits)
        else { return nil }
        self.change = change
    }

    var description: String {
        Data("v1:\(change)".utf8).base64URLEncoded
    }
}
