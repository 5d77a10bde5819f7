import ParlorServer
import ParlorTestSupport
import ServerTestSupport

/// Runs `body` against a real server whose draft clocks are checked every 20 ms at most, and whose
/// timer otherwise sleeps up to a minute: every stored time a test waits for must wake it.
func withTopDogServer(kind: TestDatabaseKind = .sqlite, _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Void) async throws {
    try await withOnlinePlayServer(kind: kind, configure: { $0.draftTimerInterval = .milliseconds(20); $0.draftTimerLongestWait = .seconds(60) }, body)
}
