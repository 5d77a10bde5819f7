import BestBall
import Foundation
import ParlorDatabase
import SQLKit

/// SQL over `topdog_rooms`, `topdog_entries`, `topdog_picks` and `topdog_room_events`.
package enum RoomStore {
    // MARK: Rooms

    /// Whether `user` has an entry in room `room` (false for a room that does not exist).
    package static func hasEntry(of user: String, in room: String, on sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("id").from("topdog_entries").where("room_id", .equal, room).where("user_id", .equal, user).limit(1)
            .first() != nil
    }

    package static func insert(_ room: DraftRoom, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "topdog_rooms")
            .columns(
                "id", "tournament_id", "status", "seats", "seq", "starts_at", "pick_started_at", "warn_at", "deadline_at", "due_at", "autopilot",
                "created_at", "completed_at")
            .values(
                SQLBind(room.id), SQLBind(room.tournamentID), SQLBind(room.status.rawValue), SQLBind(room.seats), SQLBind(room.seq),
                SQLBind(room.startsAt), SQLBind(room.pickStartedAt), SQLBind(room.warnAt), SQLBind(room.deadlineAt), SQLBind(room.dueAt),
                SQLBind(autopilot(room.autopilot)), SQLBind(room.createdAt), SQLBind(room.completedAt))
            .run()
    }

    /// Written as one plain statement: it runs in every pick's transaction.
    package static func save(_ room: DraftRoom, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            UPDATE topdog_rooms SET status = \(bind: room.status.rawValue), seats = \(bind: room.seats), seq = \(bind: room.seq),
            starts_at = \(bind: room.startsAt), pick_started_at = \(bind: room.pickStartedAt), warn_at = \(bind: room.warnAt),
            deadline_at = \(bind: room.deadlineAt), due_at = \(bind: room.dueAt), autopilot = \(bind: autopilot(room.autopilot)),
            completed_at = \(bind: room.completedAt), paused_at = \(bind: room.pausedAt) WHERE id = \(bind: room.id)
            """).run()
    }

    package static func find(_ id: String, on sql: any SQLDatabase) async throws -> DraftRoom? {
        try await sql.select().column("*").from("topdog_rooms").where("id", .equal, id).first().map(decodeRoom)
    }

    /// The room, its row locked for the rest of the transaction (PostgreSQL; SQLite's writer lock
    /// already serialises): every change to a room's draft happens under this lock.
    package static func lock(_ id: String, on sql: any SQLDatabase) async throws -> DraftRoom? {
        try await sql.raw("UPDATE topdog_rooms SET seq = seq WHERE id = \(bind: id) RETURNING *").first().map(decodeRoom)
    }

    /// The oldest filling room of the tournament without an entry of `user`.
    package static func fillingRoom(in tournament: String, without user: String, on sql: any SQLDatabase) async throws -> DraftRoom? {
        try await sql.raw("""
            SELECT * FROM topdog_rooms r WHERE r.tournament_id = \(bind: tournament) AND r.status = 'filling'
            AND NOT EXISTS (SELECT 1 FROM topdog_entries e WHERE e.room_id = r.id AND e.user_id = \(bind: user))
            ORDER BY r.created_at, r.id LIMIT 1
            """).first().map(decodeRoom)
    }

    /// Rooms with something due by `now`, claimed for this transaction: on PostgreSQL other nodes
    /// skip the rows this one holds, so each due time is handled once.
    package static func due(at now: Int64, limit: Int, dialect: Database.Dialect, on sql: any SQLDatabase) async throws -> [String] {
        let claim: SQLQueryString = dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try await sql.raw("SELECT id FROM topdog_rooms WHERE due_at <= \(bind: now) ORDER BY due_at LIMIT \(bind: limit)\(claim)")
            .all().map { try $0.decode(column: "id", as: String.self) }
    }

    // MARK: Entries

    package static func insert(_ entry: DraftEntry, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: "topdog_entries")
            .columns("id", "tournament_id", "room_id", "user_id", "name", "entry_order", "slot", "transaction_id", "created_at")
            .values(
                SQLBind(entry.id), SQLBind(entry.tournamentID), SQLBind(entry.roomID), SQLBind(entry.userID), SQLBind(entry.name),
                SQLBind(entry.order), SQLBind(entry.slot), SQLBind(entry.transactionID), SQLBind(entry.createdAt))
            .run()
    }

    package static func setSlot(_ slot: Int, of entry: String, on sql: any SQLDatabase) async throws {
        try await sql.update("topdog_entries").set("slot", to: slot).where("id", .equal, entry).run()
    }

    package static func entries(in room: String, on sql: any SQLDatabase) async throws -> [DraftEntry] {
        try await sql.select().column("*").from("topdog_entries").where("room_id", .equal, room).orderBy("entry_order").all().map(decodeEntry)
    }

    package static func entries(of user: String, on sql: any SQLDatabase) async throws -> [DraftEntry] {
        try await sql.select().column("*").from("topdog_entries").where("user_id", .equal, user)
            .orderBy("created_at", .descending).orderBy("entry_order", .descending).all().map(decodeEntry)
    }

    package static func entries(paidBy transaction: String, on sql: any SQLDatabase) async throws -> [DraftEntry] {
        try await sql.select().column("*").from("topdog_entries").where("transaction_id", .equal, transaction).orderBy("entry_order").all()
            .map(decodeEntry)
    }

    package static func entries(inTournament id: String, on sql: any SQLDatabase) async throws -> [DraftEntry] {
        try await sql.select().column("*").from("topdog_entries").where("tournament_id", .equal, id).orderBy("entry_order").all().map(decodeEntry)
    }

    package static func entryCount(of user: String, in tournament: String, on sql: any SQLDatabase) async throws -> Int {
        let row = try await sql.raw("SELECT COUNT(*) AS n FROM topdog_entries WHERE user_id = \(bind: user) AND tournament_id = \(bind: tournament)").first()
        return Int(try row?.decode(column: "n", as: Int64.self) ?? 0)
    }

    // MARK: Picks

    package static func insert(_ pick: DraftPick, room: String, entry: String, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO topdog_picks (room_id, number, slot, entry_id, player_id, position, auto, at)
            VALUES (\(bind: room), \(bind: pick.number), \(bind: pick.team), \(bind: entry), \(bind: pick.playerID),
            \(bind: pick.position.rawValue), \(bind: pick.auto ? 1 : 0), \(bind: pick.at))
            """).run()
    }

    package static func picks(in room: String, on sql: any SQLDatabase) async throws -> [DraftPick] {
        try await sql.select().column("*").from("topdog_picks").where("room_id", .equal, room).orderBy("number").all().map(decodePick)
    }

    /// Every pick of the given entries, by entry.
    package static func picks(ofEntries ids: [String], on sql: any SQLDatabase) async throws -> [String: [DraftPick]] {
        guard !ids.isEmpty else { return [:] }
        var result: [String: [DraftPick]] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let rows = try await sql.select().column("*").from("topdog_picks").where("entry_id", .in, chunk).orderBy("number").all()
            for row in rows { result[try row.decode(column: "entry_id", as: String.self), default: []].append(try decodePick(row)) }
        }
        return result
    }

    // MARK: Queues

    package static func queue(of entry: String, on sql: any SQLDatabase) async throws -> [String] {
        guard let text = try await sql.select().column("player_ids").from("topdog_queues").where("entry_id", .equal, entry).first()?
            .decode(column: "player_ids", as: String.self)
        else { return [] }
        return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    package static func setQueue(_ players: [String], of entry: String, at time: Int64, on sql: any SQLDatabase) async throws {
        let text = String(decoding: try JSONEncoder().encode(players), as: UTF8.self)
        try await sql.raw("""
            INSERT INTO topdog_queues (entry_id, player_ids, updated_at) VALUES (\(bind: entry), \(bind: text), \(bind: time))
            ON CONFLICT (entry_id) DO UPDATE SET player_ids = excluded.player_ids, updated_at = excluded.updated_at
            """).run()
    }

    // MARK: Events

    /// Appends `events` after the room's last, numbering them on; returns their stored JSON.
    package static func append(_ events: [DraftEvent], to room: inout DraftRoom, at time: Int64, on sql: any SQLDatabase) async throws -> [String] {
        guard !events.isEmpty else { return [] }
        var bodies: [String] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var insert = sql.insert(into: "topdog_room_events").columns("room_id", "seq", "kind", "body", "at")
        for var event in events {
            room.seq += 1
            event.seq = room.seq
            let body = String(decoding: try encoder.encode(event), as: UTF8.self)
            insert = insert.values(SQLBind(room.id), SQLBind(room.seq), SQLBind(event.kind.rawValue), SQLBind(body), SQLBind(time))
            bodies.append(body)
        }
        try await insert.run()
        return bodies
    }

    package static func events(of room: String, after seq: Int, on sql: any SQLDatabase) async throws -> [(seq: Int, body: String)] {
        try await sql.select().columns("seq", "body").from("topdog_room_events").where("room_id", .equal, room).where("seq", .greaterThan, seq)
            .orderBy("seq").all().map { (try $0.decode(column: "seq", as: Int.self), try $0.decode(column: "body", as: String.self)) }
    }

    // MARK: Decoding

    static func autopilot(_ slots: Set<Int>) -> String { slots.sorted().map(String.init).joined(separator: ",") }

    static func decodeRoom(_ row: any SQLRow) throws -> DraftRoom {
        guard let status = RoomStatus(rawValue: try row.decode(column: "status", as: String.self)) else {
            throw TopDogStoreError("a stored room has an unknown status")
        }
        let autopilot = try row.decode(column: "autopilot", as: String.self).split(separator: ",").compactMap { Int($0) }
        return DraftRoom(
            id: try row.decode(column: "id", as: String.self), tournamentID: try row.decode(column: "tournament_id", as: String.self), status: status,
            seats: try row.decode(column: "seats", as: Int.self), seq: try row.decode(column: "seq", as: Int.self),
            startsAt: try row.decode(column: "starts_at", as: Int64?.self), pickStartedAt: try row.decode(column: "pick_started_at", as: Int64?.self),
            warnAt: try row.decode(column: "warn_at", as: Int64?.self), deadlineAt: try row.decode(column: "deadline_at", as: Int64?.self),
            dueAt: try row.decode(column: "due_at", as: Int64?.self), autopilot: Set(autopilot), createdAt: try row.decode(column: "created_at", as: Int64.self),
            completedAt: try row.decode(column: "completed_at", as: Int64?.self), pausedAt: try row.decode(column: "paused_at", as: Int64?.self))
    }

    static func decodeEntry(_ row: any SQLRow) throws -> DraftEntry {
        DraftEntry(
            id: try row.decode(column: "id", as: String.self), tournamentID: try row.decode(column: "tournament_id", as: String.self),
            roomID: try row.decode(column: "room_id", as: String.self), userID: try row.decode(column: "user_id", as: String.self),
            name: try row.decode(column: "name", as: String.self), order: try row.decode(column: "entry_order", as: Int.self),
            slot: try row.decode(column: "slot", as: Int?.self), transactionID: try row.decode(column: "transaction_id", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Int64.self))
    }

    static func decodePick(_ row: any SQLRow) throws -> DraftPick {
        guard let position = Position(rawValue: try row.decode(column: "position", as: String.self)) else {
            throw TopDogStoreError("a stored pick has an unknown position")
        }
        return DraftPick(
            number: try row.decode(column: "number", as: Int.self), team: try row.decode(column: "slot", as: Int.self),
            playerID: try row.decode(column: "player_id", as: String.self), position: position, auto: try row.decode(column: "auto", as: Int.self) != 0,
            at: try row.decode(column: "at", as: Int64.self))
    }
}

extension RoomStore {
    /// The tournament's entries; with `drafted`, only those of rooms that were not closed.
    package static func entries(inTournament id: String, on sql: any SQLDatabase, drafted: Bool) async throws -> [DraftEntry] {
        guard drafted else { return try await entries(inTournament: id, on: sql) }
        return try await sql.raw("""
            SELECT e.* FROM topdog_entries e JOIN topdog_rooms r ON r.id = e.room_id
            WHERE e.tournament_id = \(bind: id) AND r.status <> 'cancelled' ORDER BY e.entry_order
            """).all().map(decodeEntry)
    }
}
