import ApplePush
import AsyncHTTPClient
import Foundation
import Logging
import ParlorDatabase
@testable import ParlorNotifications
import ParlorTestSupport
import ServerTestSupport
import SQLKit
import Testing
import TestSupport

/// The sender on its own, over a real database and the fake APNs, with a clock the test moves.
@Suite("Push sender", .timeLimit(.minutes(3)))
struct PushSenderTests {
    @Test("a node that dies after sending leaves the claim to lapse; the resend carries the same apns-id, once", arguments: TestDatabaseKind.available)
    func crashResend(kind: TestDatabaseKind) async throws {
        try await withSender(kind: kind) { sender, database, clock, fake in
            let token = try await register("ann", on: database, clock: clock)
            try await enqueue(["ann"], on: database, clock: clock)
            // Claim and send, then "crash": the answer is never recorded.
            let time = Int64(clock.now().timeIntervalSince1970 * 1000)
            let claimed = try await database.transaction { sql in try await PushOutbox.claim(limit: 10, at: time, leaseEnd: time + 60_000, on: sql) }
            let push = try #require(claimed.first)
            let device = try #require(try await database.withConnection { try await DeviceStore.devices(of: "ann", on: $0) }.first)
            #expect(await sender.send(push, to: device) == .settled(status: 200, reason: nil))
            // Within the lease nobody takes it; after it, another sender does.
            #expect(try await sender.sendDue() == 0)
            clock.advance(seconds: 61)
            #expect(try await sender.sendDue() == 1)
            #expect(try await sender.sendDue() == 0)
            clock.advance(seconds: 120)
            #expect(try await sender.sendDue() == 0)
            let received = fake.requests(to: token)
            #expect(received.count == 2)
            #expect(Set(received.compactMap { $0.headers["apns-id"] }) == [push.apnsID(for: token).uuidString.lowercased()])
            let outcome = try await database.withConnection { sql in
                try await sql.raw("SELECT outcome, attempts FROM push_outbox").first().map {
                    (try $0.decode(column: "outcome", as: String?.self), try $0.decode(column: "attempts", as: Int.self))
                }
            }
            #expect(outcome?.0 == "sent" && outcome?.1 == 2)
        }
    }

    @Test("an expired provider token is renewed and the push sent again; a young token is reused")
    func providerTokenRenewal() async throws {
        try await withSender(kind: .sqlite) { sender, database, clock, fake in
            let token = try await register("ann", on: database, clock: clock)
            try await enqueue(["ann"], on: database, clock: clock, key: "one")
            #expect(try await sender.sendDue() == 1)
            clock.advance(seconds: 10 * 60)
            try await enqueue(["ann"], on: database, clock: clock, key: "two")
            #expect(try await sender.sendDue() == 1)
            let first = fake.requests(to: token).compactMap(\.issuedAt)
            #expect(first.count == 2 && Set(first).count == 1, "reused within 20 minutes")
            clock.advance(seconds: 25 * 60)
            fake.expireTokens(issuedBefore: Int64(clock.now().timeIntervalSince1970))
            try await enqueue(["ann"], on: database, clock: clock, key: "three")
            #expect(try await sender.sendDue() == 1)
            let all = fake.requests(to: token)
            #expect(all.count == 4)
            #expect(all[3].issuedAt == Int64(clock.now().timeIntervalSince1970), "the retry carries a new token")
            let delivered = try await database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM push_deliveries WHERE status = 200").first()?.decode(column: "n", as: Int.self)
            }
            #expect(delivered == 3)
        }
    }

    /// Several nodes share a PostgreSQL database (one node serves SQLite), so this is PostgreSQL's
    /// case; on SQLite a second in-process connection only waits on the file's write lock.
    @Test("two senders draining one database send each notification once", .enabled(if: TestDatabaseKind.available.contains(.postgres)))
    func twoSenders() async throws {
        let kind = TestDatabaseKind.postgres
        try await withSender(kind: kind) { sender, database, clock, fake in
            let users = (0..<60).map { "user-\($0)" }
            var tokens: Set<String> = []
            for user in users { tokens.insert(try await register(user, on: database, clock: clock)) }
            try await enqueue(users, on: database, clock: clock)
            try await Database.withOpened(database.location, logger: .quiet) { second in
                let other = PushSender(
                    database: second, transport: sender.transport, configuration: sender.configuration, now: clock.now, logger: .quiet)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for node in [sender, other] {
                        group.addTask { while try await node.sendDue(limit: 7) > 0 {} }
                    }
                    try await group.waitForAll()
                }
            }
            let received = fake.received
            #expect(received.count == 60)
            #expect(Set(received.map(\.token)) == tokens)
        }
    }

    @Test("a user's alerts past the hourly cap are recorded as capped, not sent; Live Activity updates are not counted", arguments: TestDatabaseKind.available)
    func hourlyCap(kind: TestDatabaseKind) async throws {
        try await withSender(kind: kind, adjust: { $0.hourlyCap = 3 }) { sender, database, clock, fake in
            let token = try await register("ann", on: database, clock: clock)
            let other = try await register("bob", on: database, clock: clock)
            for index in 0..<5 { try await enqueue(["ann", "bob"], on: database, clock: clock, key: "flood-\(index)") }
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: token).count == 3)
            #expect(fake.requests(to: other).count == 3, "the cap is per user")
            let outcomes = try await database.withConnection { sql in
                try await sql.raw("SELECT outcome, COUNT(*) AS n FROM push_outbox WHERE user_id = 'ann' GROUP BY outcome").all().map {
                    (try $0.decode(column: "outcome", as: String.self), try $0.decode(column: "n", as: Int.self))
                }
            }
            #expect(Dictionary(uniqueKeysWithValues: outcomes) == ["sent": 3, "capped": 2])
            // Within the hour still capped; once the first alerts are an hour old, sent again.
            clock.advance(seconds: 30 * 60)
            try await enqueue(["ann"], on: database, clock: clock, key: "later")
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: token).count == 3)
            clock.advance(seconds: 31 * 60)
            try await enqueue(["ann"], on: database, clock: clock, key: "next-hour")
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: token).count == 4)
        }
    }

    @Test("a notification reaches only the devices of its product's apps; one of no product reaches every app", arguments: TestDatabaseKind.available)
    func productRouting(kind: TestDatabaseKind) async throws {
        try await withSender(kind: kind) { sender, database, clock, fake in
            let quortex = try await register("ann", on: database, clock: clock)
            let topDog = try await register("ann", bundle: "com.topdog.app", on: database, clock: clock)
            try await enqueue(["ann"], product: .topDog, on: database, clock: clock, key: "draft")
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: topDog).count == 1)
            #expect(fake.requests(to: quortex).isEmpty, "a TopDog alert never reaches the Quortex app")
            #expect(fake.requests(to: topDog).first?.headers["apns-topic"] == "com.topdog.app")
            try await enqueue(["ann"], product: .quortex, on: database, clock: clock, key: "turn")
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: quortex).count == 1 && fake.requests(to: topDog).count == 1)
            try await enqueue(["ann"], on: database, clock: clock, key: "test")
            while try await sender.sendDue() > 0 {}
            #expect(fake.requests(to: quortex).count == 2 && fake.requests(to: topDog).count == 2)
            // A product with no device of its apps is not even stored.
            try await enqueue(["ann"], product: .tandem, on: database, clock: clock, key: "tandem")
            let stored = try await database.withConnection { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM push_outbox WHERE dedupe_key = 'tandem/ann'").first()?.decode(column: "n", as: Int.self)
            }
            #expect(stored == 0)
        }
    }

    // MARK: Helpers

    func withSender(
        kind: TestDatabaseKind, adjust: @escaping @Sendable (inout PushConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (PushSender, Database, ManualClock, FakeAPNs) async throws -> Void
    ) async throws {
        try await FakeAPNs.run { fake in
            let client = try apnsClient(trusting: fake)
            do {
                try await kind.withDatabase(migrated: true) { database in
                    let clock = ManualClock()
                    let transport = try apnsTransport(fake, client: client, now: clock.now)
                    var configuration = PushConfiguration(transport: transport)
                    adjust(&configuration)
                    let sender = PushSender(database: database, transport: transport, configuration: configuration, now: clock.now, logger: .quiet)
                    try await body(sender, database, clock, fake)
                }
                try await client.shutdown()
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    func register(_ user: String, bundle: String = "com.quortex.app", on database: Database, clock: ManualClock) async throws -> String {
        let token = deviceToken()
        let device = try DeviceRegistrationRules.device(
            token: token, environment: "sandbox", bundleID: bundle, kind: "alert", activityID: nil, user: user,
            at: Int64(clock.now().timeIntervalSince1970 * 1000), allowedBundles: PushProducts.standard.all)
        try await database.withConnection { try await DeviceStore.register(device, on: $0) }
        return token
    }

    func enqueue(
        _ users: [String], product: PushProduct? = nil, on database: Database, clock: ManualClock, key: String = "k"
    ) async throws {
        let messages = users.map {
            PushMessage(user: $0, kind: .test, product: product, payload: APNsAlert(title: "T", body: "B").payload(), dedupeKey: "\(key)/\($0)")
        }
        try await database.transaction { sql in
            try await PushOutbox.enqueue(messages, products: .standard, at: Int64(clock.now().timeIntervalSince1970 * 1000), on: sql)
        }
    }
}
