import Foundation
import HTTPTypes
@testable import ParlorAccounts
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

@Suite struct HousekeepingTests {
    @Test(arguments: TestDatabaseKind.available)
    func sweepingRemovesEndedSessionsAndSpentCodesButKeepsLiveOnes(kind: TestDatabaseKind) async throws {
        try await withAccountsServer(kind: kind) { server in
            let live = try await server.register("jane", email: "jane@example.com")
            let ended = try await server.call("/auth/login", ["login": "jane", "password": "correct horse battery"])
            #expect(try await server.call("/auth/logout", token: ended["access_token"]).status == .noContent)
            #expect(try await server.call("/miniapps/demo/launch", [:], token: live["access_token"]).status == .ok)
            #expect(try await server.call("/auth/password/forgot", ["login": "jane"]).status == .accepted)
            // The registration's verification mail, then the reset.
            #expect(try await server.waitForMails(2).count == 2)
            let housekeeping = AccountsHousekeeping(database: server.database, now: { server.clock.now() })

            #expect(try await housekeeping.sweep() == 0, "nothing is old yet")
            server.clock.advance(seconds: 31 * 24 * 3600)
            #expect(try await housekeeping.sweep() > 0)
            #expect(try await server.count("auth_sessions") == 1)
            #expect(try await server.count("sso_codes") == 0)
            #expect(try await server.count("password_resets") == 0)
            #expect(try await server.count("email_codes") == 0)
            #expect(try await server.count("rate_limit_hits") == 0)
            #expect(try await server.count("rate_limit_buckets") == 0)
            let refreshed = try await server.call("/auth/refresh", ["refresh_token": live["refresh_token"] ?? ""])
            #expect(refreshed.status == .ok, "the live session survives")
        }
    }
}
