import Foundation
import ParlorAccounts
import ParlorPlay

/// Builds the chat configuration of `parlor serve` from settings: the masked words
/// (`chat_blocked_words`, a comma-separated list, and `chat_blocked_words_file`, one word a line,
/// `#` starting a comment), the lines a game keeps and the lines a user may send a minute.
/// `rate_limits: off` lifts the per-user limit with the others.
extension SettingSources {
    func chatConfiguration() throws(CommandFailure) -> ChatConfiguration {
        var configuration = ChatConfiguration()
        var words = list(.chatBlockedWords)
        if let path = string(nil, .chatBlockedWordsFile) {
            let text: String
            do {
                text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            } catch {
                throw CommandFailure(.noInput, "cannot read chat_blocked_words_file '\(path)': \(error.localizedDescription)")
            }
            words += Self.words(inFile: text)
        }
        configuration.filter = ChatFilter(words: words)
        if let lines = try integer(nil, .chatLinesPerGame) {
            guard (1...100_000).contains(lines) else { throw CommandFailure(.usage, "chat_lines_per_game must be 1 to 100000, not \(lines)") }
            configuration.linesPerGame = lines
        }
        if let lines = try integer(nil, .chatLinesPerMinute) {
            guard (1...10_000).contains(lines) else { throw CommandFailure(.usage, "chat_lines_per_minute must be 1 to 10000, not \(lines)") }
            configuration.linesPerUser = RateLimitPolicy.Rule(lines, per: .seconds(60))
        }
        if string(nil, .rateLimits) == "off" { configuration.linesPerUser = ChatConfiguration.unlimited }
        return configuration
    }

    /// A word list file's words: one a line, blank lines and `#` comments skipped.
    static func words(inFile text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { line in
            String(line.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }
}
