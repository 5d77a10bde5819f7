import Foundation
import ParlorEvents

/// A capability's notice as the bus tests need one: numbered, about one game, with a compact
/// form for the numbers alone and a smaller form when its text is too long.
struct TestNotice: BusNotice {
    var game: UUID
    var seq: Int
    var text = ""

    init(game: UUID, seq: Int, text: String = "") {
        self.game = game
        self.seq = seq
        self.text = text
    }

    private enum Key: String, CodingKey { case kind, game, seq, text }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        game = try c.decode(UUID.self, forKey: .game)
        seq = try c.decode(Int.self, forKey: .seq)
        text = try c.decode(String.self, forKey: .text)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(game, forKey: .game)
        try c.encode(seq, forKey: .seq)
        try c.encode(text, forKey: .text)
    }

    static let kinds = ["test_moved"]
    var kind: String { "test_moved" }
    var audience: NoticeAudience { .subscribers(of: game) }

    /// `t⇥game⇥seq` for a notice without text.
    var compactPayload: String? { text.isEmpty ? "t\t\(game.uuidString)\t\(seq)" : nil }

    static func notice(compactPayload payload: String) throws -> TestNotice? {
        let fields = payload.split(separator: "\t")
        guard fields.first == "t" else { return nil }
        guard fields.count == 3, let game = UUID(uuidString: String(fields[1])), let seq = Int(fields[2]) else { throw BrokenTestNotice() }
        return TestNotice(game: game, seq: seq)
    }

    func fitted(within limit: Int, size: (TestNotice) -> Int?) -> TestNotice? {
        text.isEmpty ? nil : TestNotice(game: game, seq: seq)
    }
}

/// Another capability's notice, for a user.
struct OtherNotice: BusNotice {
    var user: String

    static let kinds = ["other"]
    var kind: String { "other" }
    var audience: NoticeAudience { .user(user) }

    init(user: String) { self.user = user }

    private enum Key: String, CodingKey { case kind, user }

    init(from decoder: any Decoder) throws {
        user = try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .user)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(user, forKey: .user)
    }
}

struct BrokenTestNotice: Error {}
