import ParlorEvents

/// What a game notice gives up to fit a `NOTIFY` payload.
extension GameNotice {
    /// A move without its entry (receivers load the game instead); a chat line with its text,
    /// then its name, cut to the longest prefix (whole characters) that fits. Nothing else has
    /// anything to give up.
    package func fitted(within limit: Int, size: (GameNotice) -> Int?) -> GameNotice? {
        switch self {
        case .moved(let game, let seq, _?):
            return .moved(game: game, seq: seq)
        case .chat(let game, let line):
            var trimmed = line
            trimmed.name = ""
            trimmed.text = ""
            guard let bare = size(.chat(game: game, line: trimmed)), bare <= limit else { return nil }
            trimmed.name = Self.longestPrefix(of: line.name, fitting: limit, size: size) { name in
                var candidate = trimmed
                candidate.name = name
                return .chat(game: game, line: candidate)
            }
            trimmed.text = Self.longestPrefix(of: line.text, fitting: limit, size: size) { text in
                var candidate = trimmed
                candidate.text = text
                return .chat(game: game, line: candidate)
            }
            return .chat(game: game, line: trimmed)
        default:
            return nil
        }
    }

    /// The longest prefix of `value` whose notice, built by `make`, still fits. Binary search:
    /// the payload grows with the prefix, and the empty prefix fits.
    private static func longestPrefix(
        of value: String, fitting limit: Int, size: (GameNotice) -> Int?, _ make: (String) -> GameNotice
    ) -> String {
        let characters = Array(value)
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if let bytes = size(make(String(characters[..<middle]))), bytes <= limit { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<low])
    }
}
