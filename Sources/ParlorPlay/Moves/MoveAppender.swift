import Foundation
import GameCore
import Logging
import Metrics
import ParlorAPI
import ParlorAccounts
import ParlorDatabase
import ParlorEvents
import ParlorHTTP
import PostgresNIO

/// Appends ordinary moves on PostgreSQL, many games' moves in one statement.
///
/// Each move still succeeds or fails on its own game's `seq` (optimistic concurrency), and its
/// notice, when the bus rides on the database, is sent by the same statement, so it goes out
/// exactly when the move commits. Under load, moves arriving while earlier statements run are
/// gathered into the next one (``NaturalBatcher``): a round trip and a commit serve a whole batch.
/// The batches run on the database's express lane: under load the shared pool is busy with
/// sign-ins, presence and notices, and a move would wait there for a connection.
struct MoveAppender: Sendable {
    /// One move to append: the entry taking `game` from `entry.seq - 1` to `entry.seq`.
    struct Move: Sendable {
        var game: UUID
        var entry: MoveEntry
        var deadline: Int64?
        var notification: DatabaseNotification?
    }

    /// One batch per connection of the database's express lane, which only moves use.
    static let maxInFlight = Database.expressConnections
    static let maxBatch = 64
    /// Made after the Prometheus backend is installed, or it would stay a no-op for good.
    private static let batchSizes: Recorder = {
        _ = ParlorMetrics.registry
        return Recorder(label: ParlorMetrics.moveBatchSize)
    }()

    private let batcher: NaturalBatcher<Move, Bool>

    init(database: Database, logger: Logger) {
        batcher = NaturalBatcher(
            maxInFlight: Self.maxInFlight, maxBatch: Self.maxBatch,
            compatible: { move, batch in !batch.contains { $0.game == move.game } },
            run: { moves in
                Self.batchSizes.record(moves.count)
                return await Self.appendBatch(moves, database: database, logger: logger)
            })
    }

    /// Appends `move`; false when the game's stored seq has moved on (nothing is written then).
    func append(_ move: Move) async throws -> Bool {
        try await batcher.submit(move)
    }

    /// One statement for the batch; when it fails (say, a move id another node stored a moment
    /// ago), each move is tried alone so that only the offending one fails.
    static func appendBatch(_ moves: [Move], database: Database, logger: Logger) async -> [Result<Bool, any Error>] {
        await NaturalBatcher<Move, Bool>.together(
            moves,
            retrying: { error in
                logger.debug("a batch of moves failed; appending them one by one", metadata: ["moves": "\(moves.count)", "error": "\(error)"])
            },
            { moves in
                let applied = try await PlayStore.append(moves, on: database)
                return moves.map { applied.contains($0.game) }
            })
    }
}

extension PlayStore {
    /// Appends each move whose game is still at the seq before it, and sends its notification
    /// when it has one; answers the games whose move was written. PostgreSQL only.
    static func append(_ moves: [MoveAppender.Move], on database: Database) async throws -> Set<UUID> {
        let games =
            if moves.count == 1, let move = moves.first {
                try await database.execute(AppendMove(move: move), lane: .express)
            } else {
                try await database.execute(try appendStatement(moves), lane: .express)
            }
        return Set(games.compactMap(UUID.init(parsing:)))
    }

    static func appendStatement(_ moves: [MoveAppender.Move]) throws -> AppendMoves {
        AppendMoves(batch: try batchJSON(moves), ids: moves.map { key($0.game) })
    }

    /// The append as a prepared statement: planning it takes as long as running it, on every move.
    ///
    /// The ids are also given as an array so the planner looks the games up by primary key: joined
    /// only to the JSON rows, it may scan every active game instead, once per move. For the same
    /// reason the status test is an expression no index serves: the generic plan of a prepared
    /// statement, on statistics that lag a burst of new games, otherwise reads every active game
    /// through the `(status, wake_at)` index. And the express lane never plans a sequential
    /// scan (``Database/expressSettings``): a generic plan made while a node had few games would
    /// otherwise scan every game on every batch once it had many. `wake_at` follows the deadline
    /// only down (``PlayStore/wake(after:)``), so the update is a HOT one.
    struct AppendMoves: PostgresPreparedStatement {
        static let name = "parlor_append_moves_v2"
        static let sql = """
            WITH input AS (
                SELECT * FROM json_to_recordset($1::json) AS m(
                    game text, seq bigint, seat int, kind text, action text, move_id text, at bigint, deadline bigint,
                    channel text, payload text)
            ), advanced AS (
                UPDATE games SET seq = input.seq, last_move_at = input.at, deadline_at = input.deadline,
                    wake_at = CASE WHEN input.deadline IS NOT NULL AND (games.wake_at IS NULL OR games.wake_at > input.deadline)
                        THEN input.deadline ELSE games.wake_at END
                FROM input WHERE games.id = ANY($2::text[])
                    AND games.id = input.game AND games.seq = input.seq - 1 AND (games.status || '') = 'active'
                RETURNING games.id
            ), appended AS (
                INSERT INTO game_moves (game, seq, seat, kind, action, move_id, at)
                SELECT input.game, input.seq, input.seat, input.kind, input.action, input.move_id, input.at
                FROM input JOIN advanced ON advanced.id = input.game
                RETURNING game
            )
            SELECT appended.game, CASE WHEN input.channel IS NOT NULL THEN pg_notify(input.channel, input.payload) END AS notified
            FROM appended JOIN input ON input.game = appended.game
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .textArray]

        var batch: String
        var ids: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(batch)
            bindings.append(ids)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> String {
            try row.makeRandomAccess()["game"].decode(String.self)
        }
    }

    /// The moves as the JSON array `json_to_recordset` reads: one parameter, however many moves.
    private static func batchJSON(_ moves: [MoveAppender.Move]) throws -> String {
        let records = moves.map { move in
            MoveRecord(game: key(move.game), seq: move.entry.seq, move: NoticedMove(move.entry, deadline: move.deadline), notification: move.notification)
        }
        return String(decoding: try DirectJSONEncoder().encodeOrFallback(records), as: UTF8.self)
    }

    /// One row of the batch: the noticed move's fields, flat, with the game, seq and notification.
    private struct MoveRecord: Encodable {
        var game: String
        var seq: Int
        var move: NoticedMove
        var notification: DatabaseNotification?

        enum CodingKeys: String, CodingKey { case game, seq, channel, payload }

        func encode(to encoder: any Encoder) throws {
            try move.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(game, forKey: .game)
            try container.encode(seq, forKey: .seq)
            try container.encodeIfPresent(notification?.channel, forKey: .channel)
            try container.encodeIfPresent(notification?.payload, forKey: .payload)
        }
    }
}
