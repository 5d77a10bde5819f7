import Foundation
import ParlorTestSupport
import Testing
import TestSupport

/// The console's session settings: a value out of range or of the wrong kind stops `parlor serve`
/// with a usage error before it serves anything.
@Suite struct ConsoleSettingsTests {
    @Test(arguments: [
        ("PARLOR_CONSOLE_IDLE_TIMEOUT", "59", "console_idle_timeout must be 60 to 86400 seconds, not 59"),
        ("PARLOR_CONSOLE_IDLE_TIMEOUT", "86401", "console_idle_timeout must be 60 to 86400 seconds, not 86401"),
        ("PARLOR_CONSOLE_IDLE_TIMEOUT", "half an hour", "PARLOR_CONSOLE_IDLE_TIMEOUT must be an integer, got 'half an hour'"),
        ("PARLOR_CONSOLE_SESSION_LIFETIME", "299", "console_session_lifetime must be 300 to 604800 seconds, not 299"),
        ("PARLOR_CONSOLE_SECURE_COOKIES", "sometimes", "PARLOR_CONSOLE_SECURE_COOKIES must be true or false, got 'sometimes'"),
    ])
    func aBadValueIsAUsageError(variable: String, value: String, message: String) async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve", "--port", "0"], in: directory, environment: [variable: value])
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing is served")
        }
    }
}
