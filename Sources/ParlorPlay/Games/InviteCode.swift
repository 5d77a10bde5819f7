import ParlorAccounts

/// Short invite codes without look-alike characters (no 0/O, 1/I/L), so one read aloud or
/// typed from a screenshot works.
enum InviteCode {
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    static let length = 6

    /// About 887 million codes; a clash with a live code fails the unique index and `create` draws another.
    static func make() -> String {
        String((0..<length).map { _ in alphabet.randomElement() ?? "A" })
    }

    /// The code with case, spaces and dashes ignored; nil when it cannot be one.
    static func normalise(_ text: String) -> String? {
        let cleaned = text.uppercased().filter { $0 != " " && $0 != "-" }
        guard cleaned.count == length, cleaned.allSatisfy(alphabet.contains) else { return nil }
        return cleaned
    }
}
