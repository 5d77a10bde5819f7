import Foundation
import ParlorTestSupport
import Testing
import TestSupport

/// `parlor serve` refuses link settings it cannot use (exit 64, naming the setting) rather than
/// serving an association file Apple would ignore.
@Suite struct LinkSettingsTests {
    @Test(arguments: [
        (["PARLOR_APP_LINKS": "com.parlor.quortex=quortex"], "app_links: 'com.parlor.quortex' is not an app id"),
        (["PARLOR_APP_LINKS": "ABCDE12345.com.parlor.quortex"], "app_links: 'ABCDE12345.com.parlor.quortex' is not TEAMID.bundle.id=app"),
        (["PARLOR_APP_LINKS": "ABCDE12345.com.parlor.chess=chess"], "app_links: 'chess' is not an app; use quortex, party, topdog"),
        (["PARLOR_APP_STORE_URLS": "quortex=http://apps.apple.com/app/id1"], "app_store_urls: 'http://apps.apple.com/app/id1' is not an https URL"),
    ] as [([String: String], String)])
    func badLinkSettingsAreAUsageError(environment: [String: String], message: String) async throws {
        try await withTemporaryDirectory { directory in
            let result = try await ParlorProcess.run(["serve", "--port", "0"], in: directory, environment: environment)
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
