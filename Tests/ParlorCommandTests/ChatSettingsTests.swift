import Foundation
import ParlorTestSupport
import Testing
import TestSupport

/// `parlor serve` refuses chat settings it cannot use (naming the setting) rather than serving
/// with a word list it could not read or a limit that makes no sense.
@Suite struct ChatSettingsTests {
    @Test(arguments: [
        (["PARLOR_CHAT_LINES_PER_GAME": "0"], 64, "chat_lines_per_game must be 1 to 100000, not 0"),
        (["PARLOR_CHAT_LINES_PER_MINUTE": "many"], 64, "PARLOR_CHAT_LINES_PER_MINUTE must be an integer, got 'many'"),
        (["PARLOR_CHAT_LINES_PER_MINUTE": "0"], 64, "chat_lines_per_minute must be 1 to 10000, not 0"),
        (["PARLOR_CHAT_BLOCKED_WORDS_FILE": "/nonexistent/words.txt"], 66, "cannot read chat_blocked_words_file '/nonexistent/words.txt'"),
    ] as [([String: String], Int32, String)])
    func badChatSettingsAreRefused(environment: [String: String], status: Int32, message: String) async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve", "--port", "0"], in: directory, environment: environment)
            #expect(result.status == status)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
