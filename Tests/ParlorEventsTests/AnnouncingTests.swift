import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
import ParlorTestSupport
import SQLKit
import Synchronization
import Testing

/// A change and its notices are written together (`EventBus.transaction(on:_:)`): heard when, and
/// only when, the change commits; this node's subscribers hear them as the commit returns, once,
/// and after what the writer keeps of the change is in place; other nodes hear them once too.
@Suite(.timeLimit(.minutes(3))) struct AnnouncingTests {
    static let game = UUID()
    static let catalog = NoticeCatalog([TestNotice.self, OtherNotice.self])

    struct Refused: Error {}

    /// Writes row `seq` and announces its notice; the write fails after both when `failing`.
    static func write(_ seq: Int, failing: Bool = false, on bus: any EventBus, _ database: Database, log: Lines) async throws {
        try await bus.transaction(on: database) { sql, announcements in
            try await sql.raw("INSERT INTO announced (seq) VALUES (\(bind: seq))").run()
            announcements.announce(TestNotice(game: Self.game, seq: seq))
            if failing { throw Refused() }
        } committed: { _ in
            log.append("kept \(seq)")
        }
    }

    static func heard(_ notice: Notice) -> String {
        if let test = notice.as(TestNotice.self) { return "heard \(test.seq)" }
        return "heard \(notice.kind)"
    }

    @Test(arguments: TestDatabaseKind.available)
    func noticesAreHeardWhenTheirChangeCommitsAndNeverWhenItRollsBack(kind: TestDatabaseKind) async throws {
        try await kind.withFreshLocation { location in
            try await Database.withOpened(location, logger: Logger(label: "test")) { database in
                try await database.withConnection { sql in try await sql.raw("CREATE TABLE announced (seq INTEGER NOT NULL)").run() }
                try await withBus(on: database, kind: kind) { bus in
                    let log = Lines()
                    let subscription = bus.subscribe { notice in log.append(Self.heard(notice)) }
                    defer { subscription.cancel() }

                    try await Self.write(1, on: bus, database, log: log)
                    // Heard before the call returns (no round trip waited for), after the writer kept its copy.
                    #expect(log.all == ["kept 1", "heard 1"])

                    await #expect(throws: Refused.self) { try await Self.write(2, failing: true, on: bus, database, log: log) }
                    let rows = try await database.withConnection { sql in
                        try await sql.raw("SELECT seq FROM announced ORDER BY seq").all().map { try $0.decode(column: "seq", as: Int.self) }
                    }
                    #expect(rows == [1], "the refused change left nothing")

                    // Whatever was on its way has arrived once this marker, published after it, is heard.
                    await bus.publish(OtherNotice(user: "marker"))
                    try await eventuallyHeard("heard other", in: log)
                    #expect(log.all == ["kept 1", "heard 1", "heard other"], "the echo of 1 was dropped; 2 was never sent")
                }
            }
        }
    }

    /// PostgreSQL sends a transaction's identical notifications once, and so does every bus: the
    /// notice is heard once, and the same notice announced later is heard again (no echo left over
    /// to drop it).
    @Test(arguments: TestDatabaseKind.available)
    func theSameNoticeTwiceInOneTransactionIsHeardOnceAndALaterOneAgain(kind: TestDatabaseKind) async throws {
        try await kind.withFreshLocation { location in
            try await Database.withOpened(location, logger: Logger(label: "test")) { database in
                try await withBus(on: database, kind: kind) { bus in
                    let log = Lines()
                    let subscription = bus.subscribe { notice in log.append(Self.heard(notice)) }
                    defer { subscription.cancel() }
                    for round in 1...2 {
                        try await bus.transaction(on: database) { _, announcements in
                            announcements.announce(TestNotice(game: Self.game, seq: 5))
                            announcements.announce(OtherNotice(user: "u1"))
                            announcements.announce(TestNotice(game: Self.game, seq: 5))
                        }
                        // Whatever was on its way has arrived once this marker, published after it, is heard.
                        await bus.publish(OtherNotice(user: "marker"))
                        try await eventuallyHeard("heard other", in: log, count: 2 * round)
                    }
                    #expect(log.all == ["heard 5", "heard other", "heard other", "heard 5", "heard other", "heard other"])
                }
            }
        }
    }

    /// Another node hears what one node announced once, and nothing of a rolled-back change.
    @Test(.enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func anotherNodeHearsEachCommittedNoticeOnce() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await Database.withOpened(location, logger: Logger(label: "test")) { nodeA in
                try await Database.withOpened(location, logger: Logger(label: "test")) { nodeB in
                    try await nodeA.withConnection { sql in try await sql.raw("CREATE TABLE announced (seq INTEGER NOT NULL)").run() }
                    try await withBus(on: nodeA, kind: .postgres) { busA in
                        try await withBus(on: nodeB, kind: .postgres) { busB in
                            let onB = Lines()
                            let subscription = busB.subscribe { notice in onB.append(Self.heard(notice)) }
                            defer { subscription.cancel() }
                            let log = Lines()
                            try await Self.write(1, on: busA, nodeA, log: log)
                            try? await Self.write(2, failing: true, on: busA, nodeA, log: log)
                            try await Self.write(3, on: busA, nodeA, log: log)
                            await busA.publish(OtherNotice(user: "marker"))
                            try await eventuallyHeard("heard other", in: onB)
                            #expect(onB.all == ["heard 1", "heard 3", "heard other"])
                        }
                    }
                }
            }
        }
    }

    /// A bus for `database`: in process on SQLite; on PostgreSQL one listening for the duration of `body`.
    func withBus(on database: Database, kind: TestDatabaseKind, _ body: @escaping @Sendable (any EventBus) async throws -> Void) async throws {
        guard kind == .postgres else { return try await body(LocalEventBus()) }
        let bus = PostgresEventBus(database: database, catalog: Self.catalog, logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (listening, ready) = AsyncStream<Void>.makeStream()
            group.addTask { try await bus.run(whenListening: { ready.yield() }) }
            _ = await listening.first { true }
            try await body(bus)
            group.cancelAll()
        }
    }

    /// Waits (up to 20 s) until `line` is in `log` `count` times.
    func eventuallyHeard(_ line: String, in log: Lines, count: Int = 1) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while log.all.filter({ $0 == line }).count < count {
            guard ContinuousClock.now < deadline else {
                Issue.record("never heard \(line): \(log.all)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Lines appended from any task.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
