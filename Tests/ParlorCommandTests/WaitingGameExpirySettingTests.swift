import Foundation
import ParlorTestSupport
import Testing
import TestSupport

/// `waiting_game_expiry`: seconds a game may wait for its players, one minute to thirty days; any
/// other value stops `parlor serve` with a usage error before it serves anything.
@Suite struct WaitingGameExpirySettingTests {
    @Test(arguments: [
        ("0", "waiting_game_expiry must be 60 to 2592000 seconds, not 0"),
        ("59", "waiting_game_expiry must be 60 to 2592000 seconds, not 59"),
        ("2592001", "waiting_game_expiry must be 60 to 2592000 seconds, not 2592001"),
        ("a day", "PARLOR_WAITING_GAME_EXPIRY must be an integer, got 'a day'"),
    ])
    func aBadValueIsAUsageError(value: String, message: String) async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve", "--port", "0"], in: directory, environment: ["PARLOR_WAITING_GAME_EXPIRY": value])
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing is served")
        }
    }
}
