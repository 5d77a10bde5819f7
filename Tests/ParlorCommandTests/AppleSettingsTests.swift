import Foundation
import ParlorTestSupport
import Testing
import TestSupport

/// `parlor serve` refuses incomplete or unreadable Game Center and Apple token settings (exit 64)
/// instead of starting with the feature silently off.
@Suite struct AppleSettingsTests {
    @Test(arguments: [
        (["PARLOR_GAMECENTER_BUNDLE_IDS": "com.parlor.quortex"], "gamecenter_bundle_ids needs gamecenter_root_file"),
        (["PARLOR_GAMECENTER_BUNDLE_IDS": "com.parlor.quortex", "PARLOR_GAMECENTER_ROOT_FILE": "missing.pem"], "cannot read gamecenter_root_file"),
        (["PARLOR_GAMECENTER_BUNDLE_IDS": "com.parlor.quortex", "PARLOR_GAMECENTER_ROOT_FILE": "junk.pem"], "gamecenter_root_file junk.pem"),
        (["PARLOR_APPLE_TEAM_ID": "TEAM"], "needs all of apple_team_id, apple_key_id and apple_key_file"),
        (["PARLOR_APPLE_TEAM_ID": "TEAM", "PARLOR_APPLE_KEY_ID": "KEY", "PARLOR_APPLE_KEY_FILE": "junk.pem"], "apple_key_file junk.pem"),
        (
            ["PARLOR_APPLE_TEAM_ID": "TEAM", "PARLOR_APPLE_KEY_ID": "KEY", "PARLOR_APPLE_KEY_FILE": "junk.pem", "PARLOR_APPLE_AUTH_URL": "http://x"],
            "PARLOR_APPLE_AUTH_URL must be an https URL"
        ),
    ] as [([String: String], String)])
    func incompleteSettingsAreRefused(environment: [String: String], message: String) async throws {
        try await withTemporaryDirectory { directory in
            try Data("not a certificate".utf8).write(to: directory.appendingPathComponent("junk.pem"))
            let result = try await ParlorProcess.run(["serve", "--port", "0"], in: directory, environment: environment)
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
