import Foundation
import ParlorDatabase
import SQLKit
import Synchronization

/// This node's real-time connections per user, counted in memory. The database (`user_sockets`)
/// holds only whether a user has one here, so their first socket and the close of their last are
/// all that is written.
///
/// One task at a time brings a user's row in line with the count, and writes until the two agree;
/// a change meanwhile only moves the count. Fifteen thousand sockets of one user closing at once
/// then cost one write, where counting each on the row queued them on its lock for minutes; and
/// different users' writes share statements (``NaturalBatcher``).
final class NodeUserSockets: Sendable {
    private struct Count: Sendable {
        var sockets = 0
        /// What this node last wrote for the user: whether a row says they are here.
        var stored = false
        /// A task is writing the user's row; the others leave it to that task.
        var writing = false

        var wanted: Bool { sockets > 0 }
        var forgettable: Bool { sockets == 0 && !stored && !writing }
    }

    struct Change: Sendable {
        var user: String
        var online: Bool
    }

    private let counts = Mutex<[String: Count]>([:])
    private let writer: NaturalBatcher<Change, Void>

    /// Rows a batch writes at most: three binds each stays under SQLite's oldest limit of 999.
    static let maxBatch = 256

    init(database: Database, node: String) {
        writer = NaturalBatcher(maxInFlight: 2, maxBatch: Self.maxBatch) { changes in
            await NaturalBatcher<Change, Void>.together(changes) { changes in
                try await Self.store(changes, node: node, on: database)
                return changes.map { _ in () }
            }
        }
    }

    /// Counts `delta` more (or fewer) sockets of `user`; unless another task is writing the user's
    /// row, writes it until it agrees with the count. True when this call changed the row.
    func change(_ user: String, by delta: Int) async throws -> Bool {
        var next = counts.withLock { Self.claim(user, delta, in: &$0) }
        let wrote = next != nil
        while let online = next {
            do {
                try await writer.submit(Change(user: user, online: online))
            } catch {
                counts.withLock { counts in Self.release(user, in: &counts) }
                throw error
            }
            next = counts.withLock { Self.stored(user, online, in: &$0) }
        }
        return wrote
    }

    /// Applies `delta`; the row to write when the caller is now the user's writer.
    private static func claim(_ user: String, _ delta: Int, in counts: inout [String: Count]) -> Bool? {
        var count = counts[user, default: Count()]
        count.sockets = max(0, count.sockets + delta)
        defer { counts[user] = count.forgettable ? nil : count }
        guard !count.writing, count.wanted != count.stored else { return nil }
        count.writing = true
        return count.wanted
    }

    /// Records a written row; the next row to write when the count moved meanwhile.
    private static func stored(_ user: String, _ online: Bool, in counts: inout [String: Count]) -> Bool? {
        guard var count = counts[user] else { return nil }
        count.stored = online
        if count.wanted == online { count.writing = false }
        counts[user] = count.forgettable ? nil : count
        return count.writing ? count.wanted : nil
    }

    /// Gives up writing after a failure; the user's next change writes again.
    private static func release(_ user: String, in counts: inout [String: Count]) {
        guard var count = counts[user] else { return }
        count.writing = false
        counts[user] = count.forgettable ? nil : count
    }

    /// Writes a batch of changes, each for a different user: one statement for those now here
    /// and one for those now gone. A row's `sockets` is always 1: the count is in memory, and
    /// readers only ask whether it is above zero (the column dates from counting on the row).
    private static func store(_ changes: [Change], node: String, on database: Database) async throws {
        let here = changes.filter(\.online).map(\.user)
        let gone = changes.filter { !$0.online }.map(\.user)
        try await database.withConnection { sql in
            if !here.isEmpty {
                var insert = sql.insert(into: "user_sockets").columns("user_id", "node", "sockets")
                for user in here { insert = insert.values(SQLBind(user), SQLBind(node), SQLBind(1)) }
                try await insert.onConflict(with: ["user_id", "node"]) { $0.set("sockets", to: SQLBind(1)) }.run()
            }
            if !gone.isEmpty {
                try await sql.delete(from: "user_sockets").where("node", .equal, node).where("user_id", .in, gone).run()
            }
        }
    }
}
