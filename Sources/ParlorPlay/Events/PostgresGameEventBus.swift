import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorDatabase
import ParlorHTTP
import ServiceLifecycle
import Synchronization

/// The many-node event bus: each notice is a `NOTIFY` on `parlor_games`, and every node (the
/// publisher included) hears it through its own `LISTEN` and hands it to its local subscribers.
///
/// Every node hears notices in the order their notifications were committed, with one exception:
/// the moves this node writes through the batched move log reach its own subscribers as soon as
/// they commit (``committed(_:)``), and their notifications, when they come back, are dropped
/// (``OwnMoveLedger``; receivers render by sequence number, so no order between copies matters).
/// Delivery is at most once: notices sent while a node's listening connection reconnects are
/// lost, and receivers recover by sequence numbers.
/// Start it with ``run()`` (a ServiceLifecycle `Service`); it stops on cancellation or graceful
/// shutdown, and then ends every stream that ``notices()`` handed out.
package final class PostgresGameEventBus: GameEventBus, Service {
    package static let channel = "parlor_games"

    private let database: Database
    private let logger: Logger
    package let receivers = GameNoticeReceivers()
    private let ownMoves = Mutex(OwnMoveLedger())
    /// Notices published meanwhile go out together: a burst of joins, starts and presence changes
    /// took one pooled connection each, and moves queued behind them for connections.
    private let sender: NaturalBatcher<String, Void>

    package init(database: Database, logger: Logger) {
        self.database = database
        self.logger = logger
        sender = NaturalBatcher(
            maxInFlight: 2, maxBatch: 64,
            // Identical payloads in one transaction would reach listeners once, the first in its
            // place: a notice repeated after another (joined, left, joined) must go in a later batch.
            compatible: { payload, batch in !batch.contains(payload) },
            // One right behind its twin needs no notice of its own (a thousand sockets of one user
            // closing at once): both are heard after both publishers' changes.
            coalesces: { payload, last in payload == last },
            run: { payloads in await Self.send(payloads, on: database) })
    }

    /// One statement for the batch; when it fails, each payload alone, so that only a bad one fails.
    private static func send(_ payloads: [String], on database: Database) async -> [Result<Void, any Error>] {
        await NaturalBatcher<String, Void>.together(payloads) { payloads in
            try await database.notify(channel: channel, payloads: payloads)
            return payloads.map { _ in () }
        }
    }

    package func publish(_ notice: GameNotice) async {
        guard let payload = Self.payload(for: notice, logger: logger) else { return }
        do {
            try await sender.submit(payload)
        } catch {
            logger.error(
                "could not publish a game notice",
                metadata: ["game": "\(notice.game?.uuidString ?? "-")", "kind": "\(notice.kind)", "error": "\(error)"])
        }
    }

    package func notification(for notice: GameNotice) -> DatabaseNotification? {
        Self.payload(for: notice, logger: logger).map { DatabaseNotification(channel: Self.channel, payload: $0) }
    }

    package func writing(_ move: GameNotice) {
        guard case .moved(let game, let seq, _) = move else { return }
        ownMoves.withLock { $0.writing(game: game, seq: seq) }
    }

    package func committed(_ move: GameNotice) {
        guard case .moved(let game, let seq, _) = move else { return }
        if ownMoves.withLock({ $0.committed(game: game, seq: seq) }) { receivers.deliver(move) }
    }

    package func notWritten(_ move: GameNotice) {
        guard case .moved(let game, let seq, _) = move else { return }
        ownMoves.withLock { $0.notWritten(game: game, seq: seq) }
    }

    /// Listens until cancelled or asked to shut down gracefully, then ends every subscriber stream.
    package func run() async throws {
        try await run(whenListening: {})
    }

    /// ``run()``, calling `whenListening` once the `LISTEN` is in place: from then on every notice
    /// published on any node reaches this node's subscribers.
    package func run(whenListening: @Sendable () -> Void) async throws {
        defer { receivers.stop() }
        // Decoded and delivered on the listening task itself: no stream between it and the receivers.
        let listener: Task<Void, Never>
        do {
            listener = try await database.listen(channel: Self.channel) { [self] payload in deliver(payload) }
        } catch {
            if Task.isCancelled { return }
            throw error
        }
        whenListening()
        await cancelWhenGracefulShutdown {
            await withTaskCancellationHandler { await listener.value } onCancel: { listener.cancel() }
        }
    }

    private func deliver(_ payload: String) {
        let notice: GameNotice
        do {
            notice = try Self.notice(from: payload)
        } catch {
            // A newer node may send kinds this build does not know; they are not for us.
            logger.warning("ignored an unreadable game notice", metadata: ["payload": "\(payload.prefix(200))"])
            return
        }
        if case .moved(let game, let seq, _) = notice, !ownMoves.withLock({ $0.heard(game: game, seq: seq) }) { return }
        receivers.deliver(notice)
    }
}

extension PostgresGameEventBus {
    /// The `NOTIFY` payload for `notice`: its JSON, below PostgreSQL's 8,000-byte limit. An
    /// over-long chat text (then name) is cut to fit, with a log; a notice that cannot be made
    /// to fit is dropped with an error log (nil).
    package static func payload(for notice: GameNotice, logger: Logger) -> String? {
        let limit = Database.maximumNotificationPayloadBytes
        guard let full = encoded(notice) else {
            logger.error("could not encode a game notice", metadata: ["game": "\(notice.game?.uuidString ?? "-")"])
            return nil
        }
        if full.utf8.count <= limit { return full }
        // The move is only a shortcut for receivers (they can load the game instead): it goes first.
        if case .moved(let game, let seq, _?) = notice, let light = encoded(.moved(game: game, seq: seq)), light.utf8.count <= limit {
            return light
        }
        // So are a draft's events: receivers load them from the room's log.
        if case .draft(let room, let seq, _) = notice, let light = encoded(.draft(room: room, seq: seq, events: [])), light.utf8.count <= limit {
            return light
        }
        func dropped() -> String? {
            logger.error(
                "dropped a game notice too long to send",
                metadata: ["game": "\(notice.game?.uuidString ?? "-")", "kind": "\(notice.kind)", "bytes": "\(full.utf8.count)"])
            return nil
        }
        guard case .chat(let game, let line) = notice else { return dropped() }
        var trimmed = line
        trimmed.name = ""
        trimmed.text = ""
        guard let bare = encoded(.chat(game: game, line: trimmed)), bare.utf8.count <= limit else { return dropped() }
        trimmed.name = longestPrefix(of: line.name, fitting: limit) { name in
            var candidate = trimmed
            candidate.name = name
            return .chat(game: game, line: candidate)
        }
        trimmed.text = longestPrefix(of: line.text, fitting: limit) { text in
            var candidate = trimmed
            candidate.text = text
            return .chat(game: game, line: candidate)
        }
        logger.warning(
            "trimmed a game notice to fit a NOTIFY payload",
            metadata: ["game": "\(notice.game?.uuidString ?? "-")", "kind": "\(notice.kind)", "bytes": "\(full.utf8.count)"])
        return encoded(.chat(game: game, line: trimmed))
    }

    /// The notice a payload carries: a move in its compact form (``GameNotice/movePayload``),
    /// anything else as JSON.
    package static func notice(from payload: String) throws -> GameNotice {
        if let move = try GameNotice(movePayload: payload) { return move }
        return try JSONDecoder().decode(GameNotice.self, from: Data(payload.utf8))
    }

    private static func encoded(_ notice: GameNotice) -> String? {
        if let compact = notice.movePayload { return compact }
        guard let bytes = try? DirectJSONEncoder().encodeOrFallback(notice) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The longest prefix (whole characters) of `value` whose notice, built by `make`, still fits.
    /// Binary search: the encoded size grows with the prefix, and the empty prefix fits.
    private static func longestPrefix(of value: String, fitting limit: Int, _ make: (String) -> GameNotice) -> String {
        let characters = Array(value)
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle])
            if let json = encoded(make(candidate)), json.utf8.count <= limit { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<low])
    }
}
