import Foundation
import Logging
import ParlorDatabase
import ServiceLifecycle

/// How the outbox is drained.
public struct MailSenderConfiguration: Sendable {
    /// How often each node looks for due mail.
    public var interval: Duration = .seconds(1)
    /// How long a claim holds a message: longer than a whole SMTP session can take.
    public var lease: Duration = .seconds(300)
    /// Attempts before a message is given up.
    public var maxAttempts = 8
    /// The wait after the first failed attempt; it doubles each time, up to `longestWait`.
    public var firstWait: Duration = .seconds(30)
    public var longestWait: Duration = .seconds(3600)
    /// Finished messages are kept this long, for the operator to see what became of them.
    public var retention: Duration = .seconds(7 * 24 * 3600)

    public init() {}

    /// The wait before attempt `attempts + 1`, with up to a quarter more at random so nodes that
    /// failed together do not retry together.
    func wait(afterAttempts attempts: Int, unit: Double) -> Duration {
        let doubled = firstWait * (1 << min(max(attempts - 1, 0), 20))
        let capped = min(doubled, longestWait)
        return capped + capped * (unit / 4)
    }
}

/// Drains the outbox: claims due messages (any node may; a claim is a lease), hands each to the
/// transport, and records it sent, refused or given up, or schedules another try with backoff.
///
/// SMTP has no idempotent send: a node that dies after the relay took a message but before the
/// answer was recorded leaves the lease to lapse, and the message goes again. In the normal path
/// each message is claimed by one sender and sent once.
public struct MailSender: Sendable {
    let database: Database
    let transport: any MailTransport
    let configuration: MailSenderConfiguration
    let now: @Sendable () -> Date
    let logger: Logger

    public init(
        database: Database, transport: any MailTransport, configuration: MailSenderConfiguration = MailSenderConfiguration(),
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.database = database
        self.transport = transport
        self.configuration = configuration
        self.now = now
        self.logger = logger
    }

    var millis: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Sends up to `limit` due messages; answers how many it claimed.
    @discardableResult
    public func sendDue(limit: Int = 16) async throws -> Int {
        let time = millis
        guard try await database.withConnection({ try await MailOutbox.anyDue(at: time, on: $0) }) else { return 0 }
        let leaseEnd = time + Int64((configuration.lease / .milliseconds(1)).rounded())
        let claimed = try await database.transaction { sql in try await MailOutbox.claim(limit: limit, at: time, leaseEnd: leaseEnd, on: sql) }
        await withTaskGroup(of: Void.self) { group in
            for mail in claimed { group.addTask { await deliver(mail) } }
        }
        return claimed.count
    }

    func deliver(_ claimed: ClaimedMail) async {
        let domain = claimed.mail.to.split(separator: "@").last.map(String.init) ?? "parlor"
        // The outbox id names the message, so a resend after a crash carries the same Message-ID.
        let outcome = await transport.send(claimed.mail, messageID: "\(claimed.id)@parlor.\(domain)", date: Date(timeIntervalSince1970: Double(claimed.createdAt) / 1000))
        let time = millis
        do {
            switch outcome {
            case .sent:
                logger.info("mail sent", metadata: ["mail": "\(claimed.id)", "user": "\(claimed.mail.user)"])
                try await database.withConnection { try await MailOutbox.finish(claimed, outcome: "sent", error: nil, at: time, on: $0) }
            case .refused(let reason):
                logger.warning("mail refused", metadata: ["mail": "\(claimed.id)", "user": "\(claimed.mail.user)", "reason": "\(reason)"])
                try await database.withConnection { try await MailOutbox.finish(claimed, outcome: "refused", error: reason, at: time, on: $0) }
            case .retry(let reason) where claimed.attempts >= configuration.maxAttempts:
                logger.error("mail given up", metadata: ["mail": "\(claimed.id)", "attempts": "\(claimed.attempts)", "reason": "\(reason)"])
                try await database.withConnection { try await MailOutbox.finish(claimed, outcome: "gave_up", error: reason, at: time, on: $0) }
            case .retry(let reason):
                let wait = configuration.wait(afterAttempts: claimed.attempts, unit: Double.random(in: 0...1))
                let due = time + Int64((wait / .milliseconds(1)).rounded())
                logger.warning("mail will be retried", metadata: ["mail": "\(claimed.id)", "attempts": "\(claimed.attempts)", "reason": "\(reason)"])
                try await database.withConnection { try await MailOutbox.reschedule(claimed, due: due, error: reason, on: $0) }
            }
        } catch {
            // The lease lapses and any node tries again.
            logger.warning("mail outcome not recorded", metadata: ["mail": "\(claimed.id)", "error": "\(error)"])
        }
    }

    /// Forgets messages finished longer ago than the retention.
    public func prune() async throws {
        let before = millis - Int64((configuration.retention / .milliseconds(1)).rounded())
        try await database.transaction { sql in try await MailOutbox.prune(finishedBefore: before, on: sql) }
    }
}

/// Every node runs this loop when mail goes over SMTP: it drains the outbox as messages fall due,
/// and now and then forgets old ones. A graceful shutdown lets the batch in hand finish.
public struct MailSenderService: Service {
    let sender: MailSender

    public init(sender: MailSender) { self.sender = sender }

    public func run() async throws {
        var lastPrune = ContinuousClock.now
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            do {
                while try await sender.sendDue(limit: 16) == 16 {}
                if ContinuousClock.now - lastPrune > .seconds(3600) {
                    lastPrune = .now
                    try await sender.prune()
                }
            } catch {
                sender.logger.warning("mail sender failed", metadata: ["error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: sender.configuration.interval) }
        }
    }
}
