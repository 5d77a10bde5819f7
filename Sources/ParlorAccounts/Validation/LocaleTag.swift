import Foundation

/// BCP 47 language tags as Parlor keeps them (`en`, `pt-BR`, `zh-Hant-TW`), and the choice of one
/// from an `Accept-Language` header.
enum LocaleTag {
    static let maxLength = 35

    /// `text` in its usual case (language lower, script title, region upper), or nil when it is
    /// not a well-formed tag: a language of 2 to 8 letters, then subtags of 1 to 8 letters or digits.
    static func normalized(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= maxLength else { return nil }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var parts = [language.lowercased()]
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            switch subtag.count {
            case 2 where subtag.allSatisfy(\.isLetter): parts.append(subtag.uppercased())
            case 4 where subtag.allSatisfy(\.isLetter): parts.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            default: parts.append(subtag.lowercased())
            }
        }
        return parts.joined(separator: "-")
    }

    /// The most wanted tag of an `Accept-Language` value (the first of the highest `q`); `*`,
    /// `q=0` and malformed entries are skipped.
    static func preferred(inAcceptLanguage header: String) -> String? {
        var best: (tag: String, quality: Double)?
        for entry in header.split(separator: ",").prefix(32) {
            let parameters = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = parameters.first, first != "*", let tag = normalized(first) else { continue }
            var quality = 1.0
            for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else { quality = -1; break }
                quality = value
            }
            guard quality > 0 else { continue }
            if let current = best, quality <= current.quality { continue }
            best = (tag, quality)
        }
        return best?.tag
    }

    /// The language of `tag` (`es` of `es-MX`), which picks the mail's text.
    static func language(of tag: String?) -> String? {
        tag?.split(separator: "-").first.map { $0.lowercased() }
    }
}
