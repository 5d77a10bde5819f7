import GameCore
import ParlorAPI
import ParlorDatabase
import ServerTestSupport
import Foundation
import HTTPTypes
@testable import ParlorAccounts
@testable import ParlorPlay
import ParlorTestSupport
import Quortex
import SQLKit
import Testing

/// A new game and its seats are stored together (one statement on PostgreSQL), under the names
/// the user directory has, or not at all.
@Suite struct GameCreationTests {
    @Test("a game's seats are stored with it under their names; a game whose invite code is taken leaves nothing", arguments: TestDatabaseKind.available)
    func seatsAreStoredWithTheGame(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let (ann, bob) = (try await server.guest(), try await server.guest())
            let names = try await server.database.withConnection { sql in
                [try await UserDirectory.displayName(of: ann.user, on: sql), try await UserDirectory.displayName(of: bob.user, on: sql)]
            }
            #expect(names[0] != names[1])
            let created = try await server.call(.post, "/games", as: ann, body: #"{"game_type":"quortex","players":2,"mode":"realtime"}"#)
            #expect(created.status == 201)
            let seats = try #require(created.json["seats"] as? [[String: Any]])
            #expect(seats.map { $0["user"] as? String } == [ann.user] && seats.map { $0["name"] as? String } == [names[0]])

            let first = try Self.row(inviteCode: "QRTX42", by: ann.user)
            let stored = try await server.database.transaction { sql in try await PlayStore.insert(first, seating: [bob.user, ann.user], on: sql) }
            #expect(stored.map(\.user) == [bob.user, ann.user] && stored.map(\.joined) == [0, 1] && stored.map(\.name) == [names[1], names[0]])
            let clash = try Self.row(inviteCode: "QRTX42", by: bob.user)
            await #expect(throws: (any Error).self) {
                try await server.database.transaction { sql in try await PlayStore.insert(clash, seating: [bob.user], on: sql) }
            }
            let counts = try await server.database.withConnection { sql in
                try await sql.raw("""
                    SELECT (SELECT COUNT(*) FROM games WHERE id = \(bind: clash.id.canonicalText)) AS games,
                    (SELECT COUNT(*) FROM game_players WHERE game = \(bind: clash.id.canonicalText)) AS seats,
                    (SELECT COUNT(*) FROM game_players WHERE game = \(bind: first.id.canonicalText)) AS kept
                    """).first().map { [try $0.decode(column: "games", as: Int.self), try $0.decode(column: "seats", as: Int.self), try $0.decode(column: "kept", as: Int.self)] }
            }
            #expect(counts == [0, 0, 2])
        }
    }

    static func row(inviteCode: String, by user: String) throws -> GameRow {
        let engine = Quortex.engine
        return GameRow(
            id: UUID(), gameType: "quortex", engineVersion: engine.engineVersion, mode: .realtime, players: 2, inviteCode: inviteCode,
            settings: try engine.settings(nil, players: 2), seed: 7, turnSeconds: 60, graceSeconds: 30, timeoutPolicy: .botMove,
            createdBy: user, createdAt: 0)
    }
}
