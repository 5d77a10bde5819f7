import Foundation
import Logging
import ParlorDatabase
import ParlorEvents
@testable import ParlorPlay
import ParlorTestSupport
import TestSupport

/// Two nodes (two `Database` instances on one fresh PostgreSQL database), each running its own
/// bus for the duration of `body`, which starts once both are listening.
func withTwoBusNodes(_ body: @escaping @Sendable (PostgresEventBus, PostgresEventBus) async throws -> Void) async throws {
    try await TestDatabaseKind.postgres.withFreshLocation { location in
        try await Database.withOpened(location, logger: .quiet) { nodeA in
            try await Database.withOpened(location, logger: .quiet) { nodeB in
                let buses = [nodeA, nodeB].map { PostgresEventBus(database: $0, catalog: NoticeCatalog([GameNotice.self]), logger: .quiet) }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    let (listening, ready) = AsyncStream<Void>.makeStream()
                    for bus in buses { group.addTask { try await bus.run(whenListening: { ready.yield() }) } }
                    _ = await listening.prefix(buses.count).reduce(0) { count, _ in count + 1 }
                    try await body(buses[0], buses[1])
                    group.cancelAll()
                }
            }
        }
    }
}

/// `notice`'s `NOTIFY` payload.
func gamePayload(_ notice: GameNotice, logger: Logger) -> String? {
    NoticePayload.payload(for: Notice(notice), logger: logger)
}

/// The game notice a payload carries; throws when it carries none (or another capability's).
func gameNotice(from payload: String) throws -> GameNotice {
    let notice = try NoticeCatalog([GameNotice.self]).notice(from: payload)
    guard let game = notice.as(GameNotice.self) else { throw NotAGameNotice(notice: notice) }
    return game
}

struct NotAGameNotice: Error {
    let notice: Notice
}

extension EventBus {
    /// Every game notice published from now on, on any node, until the stream is dropped or the bus stops.
    func gameNotices() -> AsyncStream<GameNotice> {
        let (stream, continuation) = AsyncStream<GameNotice>.makeStream(bufferingPolicy: .unbounded)
        let subscription = receivers.add({ if let game = $0.as(GameNotice.self) { continuation.yield(game) } }, end: { continuation.finish() })
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
