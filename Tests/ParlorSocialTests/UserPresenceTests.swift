import Foundation
import HTTPTypes
import HummingbirdTesting
import ParlorDatabase
import ParlorTestSupport
import SQLKit
import ServerTestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct UserPresenceTests {
    /// Many sockets of one user opening and then closing at once are one arrival and one departure
    /// for their friends and for the database, however many there were. Counting each on the
    /// user's row took minutes for fifteen thousand, and kept a stopping server waiting on them.
    @Test(arguments: TestDatabaseKind.available)
    func manySocketsOfOneUserComeAndGoAsOne(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let ann = try await server.guest()
            let bob = try await server.guest()
            try await server.befriend(ann, bob)
            let url = "ws://127.0.0.1:\(try #require(server.client.port))/ws"
            let annSocket = TestSocket(url: url, token: ann.token)
            defer { annSocket.close() }
            _ = try await annSocket.next("welcome")
            @Sendable func heard() -> [Bool] {
                annSocket.texts.filter { $0.contains(#""type":"friend_presence""#) && $0.contains(bob.user) }
                    .map { $0.contains(#""online":true"#) }
            }

            let bobSockets = (0..<150).map { _ in TestSocket(url: url, token: bob.token) }
            for socket in bobSockets { _ = try await socket.next("welcome") }
            try await LeaderboardTests.wait { heard().last == true }
            #expect(try await Self.rows(of: bob.user, in: server.database) == 1)

            for socket in bobSockets { socket.close() }
            try await LeaderboardTests.wait { heard().last == false }
            // Anything still on its way reaches Ann before her pong.
            annSocket.send(#"{"type":"ping","id":"after"}"#)
            _ = try await annSocket.next("pong")
            #expect(heard() == [true, false])
            #expect(try await Self.rows(of: bob.user, in: server.database) == 0)
        }
    }

    static func rows(of user: String, in database: Database) async throws -> Int {
        try await database.withConnection { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM user_sockets WHERE user_id = \(bind: user)").first()?
                .decode(column: "n", as: Int.self) ?? -1
        }
    }
}
