import Foundation
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Synchronization
import Testing

/// A connection PostgreSQL closes (a restart, `pg_terminate_backend`) under a statement about to
/// be sent. PostgresNIO drops a statement written to a closed channel without answering it, and
/// a node left waiting on such statements could not be stopped.
@Suite(.enabled(if: TestDatabaseKind.available.contains(.postgres)), .timeLimit(.minutes(3)))
struct ClosedConnectionTests {
    @Test func aStatementOnAConnectionPostgreSQLClosedFailsInsteadOfWaitingForever() async throws {
        try await TestDatabaseKind.postgres.withDatabase { database in
            let started = ContinuousClock.now
            // On a task of its own: if the statement were never answered, the test still ends.
            let attempt = Outcome()
            Task {
                do {
                    try await database.withConnection { sql in
                        // PostgreSQL ends this connection's backend, as a restart does.
                        await #expect(throws: (any Error).self) { try await sql.raw("SELECT pg_terminate_backend(pg_backend_pid())").run() }
                        // The channel closes and sheds its handlers meanwhile: the next statement is dropped.
                        try await Task.sleep(for: .milliseconds(500))
                        try await sql.raw("SELECT 1 AS one").run()
                    }
                    attempt.settle("answered")
                } catch {
                    attempt.settle(String(describing: error))
                }
            }
            let outcome = try await attempt.wait(upTo: .seconds(30))
            let elapsed = ContinuousClock.now - started
            // Dropped, the statement is answered by the guard; had it reached the closing channel's
            // handler, by PostgresNIO. Either way it fails, and soon.
            #expect(outcome != nil && outcome != "answered", "\(outcome ?? "no answer within 30 s")")
            #expect(elapsed < .seconds(10), "answered within the grace and a round: \(elapsed)")

            // The pool replaces the connection: the next statement is answered.
            let one = try await database.withConnection { sql in try await sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self) }
            #expect(one == 1)
        }
    }
}

/// The first outcome of a task, waited for without joining it.
private final class Outcome: Sendable {
    private let value = Mutex<String?>(nil)

    func settle(_ outcome: String) {
        value.withLock { if $0 == nil { $0 = outcome } }
    }

    func wait(upTo limit: Duration) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let outcome = value.withLock({ $0 }) { return outcome }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
