/// An invite code as the server takes it (`JoinGameRequest.code`): six of 2–9 and A–Z without
/// I, L and O, any case, spaces and dashes ignored. Checked here so a mistyped code is said at
/// once, in the field's words, instead of after a round trip.
public struct InviteCode: Equatable, Sendable {
    /// The six characters, upper-cased, without spaces or dashes.
    public let value: String

    public static let length = 6
    private static let alphabet = Set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// Nil when `text` is not a code.
    public init?(_ text: String) {
        guard text.count <= 32 else { return nil }
        let kept = text.filter { $0 != " " && $0 != "-" }.uppercased()
        guard kept.count == Self.length, kept.allSatisfy(Self.alphabet.contains) else { return nil }
        value = kept
    }

    /// Why `text` is not a code, in a sentence; nil when it is one (or nothing is typed yet).
    public static func problem(_ text: String) -> String? {
        let kept = text.filter { $0 != " " && $0 != "-" }
        if kept.isEmpty || InviteCode(text) != nil { return nil }
        if kept.count != length { return "An invite code has \(length) characters." }
        return "Invite codes use 2–9 and the letters A–Z except I, L and O."
    }
}
