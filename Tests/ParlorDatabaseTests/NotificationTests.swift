import Foundation
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Synchronization
import Testing
import TestSupport

/// LISTEN/NOTIFY between two `Database` instances (two nodes) on one PostgreSQL database.
@Suite(.timeLimit(.minutes(3))) struct NotificationTests {
    static let postgres = TestDatabaseKind.available.contains(.postgres)

    @Test func sqliteRefusesListenAndNotify() async throws {
        try await TestDatabaseKind.sqlite.withDatabase { database in
            await #expect {
                _ = try await database.listen(channel: "parlor_test")
            } throws: { error in
                guard case DatabaseError.unreachable(_, let reason)? = error as? DatabaseError else { return false }
                return reason.contains("LISTEN needs PostgreSQL")
            }
            await #expect(throws: DatabaseError.self) { try await database.notify(channel: "parlor_test", payload: "x") }
        }
    }

    @Test(.enabled(if: postgres)) func notificationsReachAnotherNodeInOrderAndIntact() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let onB = try await nodeB.listen(channel: "parlor_test")
            let onA = try await nodeA.listen(channel: "parlor_test")
            let sent = (0..<10).map { "#\($0) ünïcödé 'quotes' \"double\" \\ ; -- \n end" }
            for payload in sent { try await nodeA.notify(channel: "parlor_test", payload: payload) }
            #expect(await onB.first(sent.count) == sent)
            #expect(await onA.first(sent.count) == sent)
        }
    }

    @Test(.enabled(if: postgres)) func aBatchOfNotificationsArrivesInOrderAndAnEmptyOneSendsNothing() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let onB = try await nodeB.listen(channel: "parlor_batch")
            let batch = (0..<50).map { "batch #\($0) ';--" }
            try await nodeA.notify(channel: "parlor_batch", payloads: [])
            try await nodeA.notify(channel: "parlor_batch", payloads: batch)
            try await nodeA.notify(channel: "parlor_batch", payload: "after")
            #expect(await onB.first(batch.count + 1) == batch + ["after"])
            await #expect(throws: DatabaseError.self) { try await nodeA.notify(channel: "bad\"channel", payloads: ["x"]) }
        }
    }

    @Test(.enabled(if: postgres)) func channelsAreSeparateAndCaseSensitive() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let lower = try await nodeB.listen(channel: "parlor_case")
            let upper = try await nodeB.listen(channel: "Parlor_Case")
            try await nodeA.notify(channel: "Parlor_Case", payload: "upper")
            try await nodeA.notify(channel: "parlor_case", payload: "lower")
            #expect(await lower.first(1) == ["lower"])
            #expect(await upper.first(1) == ["upper"])
        }
    }

    @Test(.enabled(if: postgres)) func invalidChannelsAndOverlongPayloadsAreRefused() async throws {
        try await withTwoNodes { nodeA, nodeB in
            for channel in ["", String(repeating: "c", count: 64), "bad\"; DROP TABLE x; --"] {
                await #expect(throws: DatabaseError.self) { _ = try await nodeB.listen(channel: channel) }
                await #expect(throws: DatabaseError.self) { try await nodeA.notify(channel: channel, payload: "x") }
            }
            let limit = Database.maximumNotificationPayloadBytes
            let onB = try await nodeB.listen(channel: "parlor_long")
            await #expect(throws: (any Error).self) {
                try await nodeA.notify(channel: "parlor_long", payload: String(repeating: "x", count: limit + 1))
            }
            let longest = String(repeating: "y", count: limit)
            try await nodeA.notify(channel: "parlor_long", payload: longest)
            #expect(await onB.first(1) == [longest])
        }
    }

    /// The server ends the listening connection; the listener listens again on a new one.
    @Test(.enabled(if: postgres)) func listenerSurvivesADroppedConnection() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let onB = try await nodeB.listen(channel: "parlor_drop")
            try await nodeA.notify(channel: "parlor_drop", payload: "before")
            var iterator = onB.makeAsyncIterator()
            #expect(await iterator.next() == "before")

            let terminated = try await nodeA.withConnection { sql in
                try await sql.raw(
                    """
                    SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
                    WHERE datname = current_database() AND query LIKE 'LISTEN "parlor_drop"%'
                    """
                ).all().map { try $0.decode(column: "terminated", as: Bool.self) }
            }
            #expect(terminated == [true])

            // Notices sent while it reconnects are lost: keep sending until one arrives.
            let start = ContinuousClock.now
            let sender = Task {
                for attempt in 0..<200 {
                    try await nodeA.notify(channel: "parlor_drop", payload: "after \(attempt)")
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            defer { sender.cancel() }
            let first = await iterator.next()
            let recovery = ContinuousClock.now - start
            print("LISTEN recovered \(recovery) after its connection was terminated")
            #expect(first?.hasPrefix("after ") == true)
            #expect(recovery < .seconds(5))
        }
    }

    @Test(.enabled(if: postgres)) func closingTheDatabaseEndsTheStream() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            let payloads = try await Database.withOpened(location, logger: .quiet) { database in
                try await database.listen(channel: "parlor_close")
            }
            // The stream outlived its database: it must end rather than retry forever.
            #expect(await payloads.first(1).isEmpty)
        }
    }

    @Test(.enabled(if: postgres)) func droppingTheStreamStopsListening() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let listeners: @Sendable () async throws -> Int? = {
                try await nodeA.withConnection { sql in
                    try await sql.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'LISTEN \"parlor_stop\";'")
                        .first()?.decode(column: "n", as: Int.self)
                }
            }
            do {
                let payloads = try await nodeB.listen(channel: "parlor_stop")
                #expect(try await listeners() == 1)
                _ = payloads
            }
            let stopped = try await Self.waitFor(within: .seconds(5)) { try await listeners() == 0 }
            #expect(stopped, "the listening connection should UNLISTEN and return to the pool")
        }
    }

    /// The receiver is called on the listening task, in commit order; cancelling the task stops
    /// it (nothing sent afterwards reaches the receiver) and gives the connection back.
    @Test(.enabled(if: postgres)) func aReceiverHearsEveryPayloadUntilItsListenerIsCancelled() async throws {
        try await withTwoNodes { nodeA, nodeB in
            let heard = Mutex<[String]>([])
            let (arrivals, arrived) = AsyncStream<Void>.makeStream()
            let listener = try await nodeB.listen(channel: "parlor_receive") { payload in
                heard.withLock { $0.append(payload) }
                arrived.yield()
            }
            try await nodeA.notify(channel: "parlor_receive", payloads: ["one", "two", "three"])
            var arrival = arrivals.makeAsyncIterator()
            for _ in 0..<3 { await arrival.next() }
            #expect(heard.withLock { $0 } == ["one", "two", "three"])

            listener.cancel()
            await listener.value
            // A stream listener that hears a marker sent after the late payload shows the
            // cancelled receiver had its chance and did not take it.
            let marker = try await nodeB.listen(channel: "parlor_receive")
            try await nodeA.notify(channel: "parlor_receive", payloads: ["late", "marker"])
            #expect(await marker.first(2) == ["late", "marker"])
            #expect(heard.withLock { $0 } == ["one", "two", "three"])
        }
    }

    @Test(.enabled(if: postgres)) func closingTheDatabaseEndsTheListener() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            let listener = try await Database.withOpened(location, logger: .quiet) { database in
                try await database.listen(channel: "parlor_close") { _ in }
            }
            // The task outlived its database: it must end rather than retry forever.
            await listener.value
        }
    }

    private func withTwoNodes(_ body: (Database, Database) async throws -> Void) async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await Database.withOpened(location, logger: .quiet) { nodeA in
                try await Database.withOpened(location, logger: .quiet) { nodeB in try await body(nodeA, nodeB) }
            }
        }
    }

    private static func waitFor(within limit: Duration, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}

extension AsyncStream {
    /// The first `count` elements, or fewer if the stream ends first.
    fileprivate func first(_ count: Int) async -> [Element] {
        await prefix(count).reduce(into: []) { $0.append($1) }
    }
}
