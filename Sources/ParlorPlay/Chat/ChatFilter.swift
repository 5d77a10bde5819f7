import Foundation

/// The configured word list, applied to every chat line before it is stored: a listed word that
/// stands as a whole word (its neighbours are not letters or digits), in any case or accent, has
/// each of its characters replaced by `*`, and the rest of the line is sent as written. Masking
/// rather than refusing is what large game chats do: the sender sees the line go out with the
/// word starred, and nobody learns the list by probing it. A word inside a longer one
/// (`class` for `ass`) is left alone.
package struct ChatFilter: Sendable, Equatable {
    /// The listed words, folded (lowercase, without accents).
    private let words: Set<String>

    package init(words: [String]) {
        self.words = Set(words.map(Self.fold).filter { !$0.isEmpty })
    }

    package var isEmpty: Bool { words.isEmpty }

    /// `text` with every listed word masked; the same text when none is in it.
    package func masked(_ text: String) -> String {
        guard !words.isEmpty else { return text }
        var result = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            result += words.contains(Self.fold(word)) ? String(repeating: "*", count: word.count) : word
            word = ""
        }
        for character in text {
            if Self.isWordCharacter(character) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// Letters and digits make words; an apostrophe or hyphen ends one (`darn's` holds `darn`).
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private static func fold(_ word: String) -> String {
        word.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
