import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// Drops the foreign key from `game_moves` to `games` on PostgreSQL: its trigger looks every
    /// move's game up again and locks the row, a real part of the append's time, to prove what
    /// the append already proves. A move is only written together with the update of its game's
    /// row: the append statements insert from that update's returned row, and a transactional
    /// step (``MoveStep``) writes the move only after its update matched, in the same
    /// transaction. A game is only deleted while it waits, before any move, and then with its
    /// moves (``PlayErasureStore``).
    ///
    /// SQLite keeps the key: dropping a constraint there means rebuilding the table, and its moves
    /// are written one transaction each, off the measured path.
    package static let movesKey = Migration(17, "append moves without the foreign key check on PostgreSQL") { sql, dialect in
        guard dialect == .postgres else { return }
        // The key was declared inline, so PostgreSQL named it; find it rather than assume the name.
        try await sql.raw("""
            DO $$
            DECLARE key name;
            BEGIN
                FOR key IN
                    SELECT conname FROM pg_constraint
                    WHERE conrelid = 'game_moves'::regclass AND contype = 'f' AND confrelid = 'games'::regclass
                LOOP
                    EXECUTE format('ALTER TABLE game_moves DROP CONSTRAINT %I', key);
                END LOOP;
            END $$
            """).run()
    }
}
