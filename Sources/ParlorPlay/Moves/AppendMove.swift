import GameCore
import ParlorEvents
import PostgresNIO

extension PlayStore {
    /// The append of a batch of one move: the same effect as ``AppendMoves``, with the move's
    /// fields as plain parameters. At 1,000 games whose players think 2 s (about 480 moves a
    /// second) nearly every batch holds one move.
    ///
    /// Run for one move, ``AppendMoves`` spends much of its time on what a batch needs and one
    /// move does not: parsing the JSON rows, and setting up the joins that match them to games.
    /// This statement looks its game up by primary key and writes straight from the update's
    /// row, so one move costs less than it does through the batch statement.
    struct AppendMove: PostgresPreparedStatement {
        static let name = "parlor_append_move_v1"
        static let sql = """
            WITH advanced AS (
                UPDATE games SET seq = $2, last_move_at = $7, deadline_at = $8,
                    wake_at = CASE WHEN $8 IS NOT NULL AND (wake_at IS NULL OR wake_at > $8) THEN $8 ELSE wake_at END
                WHERE id = $1 AND seq = $2 - 1 AND (status || '') = 'active'
                RETURNING id
            ), appended AS (
                INSERT INTO game_moves (game, seq, seat, kind, action, move_id, at)
                SELECT id, $2, $3, $4, $5, $6, $7 FROM advanced
                RETURNING game
            )
            SELECT game, CASE WHEN $9 IS NOT NULL THEN pg_notify($9, $10) END AS notified FROM appended
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int4, .text, .text, .text, .int8, .int8, .text, .text]

        var move: MoveAppender.Move

        func makeBindings() throws -> PostgresBindings {
            let entry = move.entry
            var bindings = PostgresBindings(capacity: 10)
            bindings.append(PlayStore.key(move.game))
            bindings.append(entry.seq)
            bindings.append(Int32(clamping: entry.seat))
            bindings.append(entry.kind.rawValue)
            bindings.append(entry.action)
            bindings.append(entry.moveID)
            bindings.append(entry.at)
            bindings.append(move.deadline)
            bindings.append(move.notification?.channel)
            bindings.append(move.notification?.payload)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> String {
            try row.makeRandomAccess()["game"].decode(String.self)
        }
    }
}
