import ParlorAPI
import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorClient
import Synchronization
import Testing
import TestSupport

/// A TopDog draft room through the SDK: its frames on the room's own stream, and the room resumed
/// after a dropped socket as a game is.
@Suite("Client draft rooms", .timeLimit(.minutes(2)))
struct RealtimeDraftRoomTests {
    /// The parts of the REST `DraftRoom` and of an event the test reads.
    struct Room: Codable, Sendable {
        var id: String
        var seq: Int
    }

    struct Event: Codable, Sendable {
        var seq: Int
        var kind: String
    }

    @Test("draft frames reach the room's stream, not the user's; after a drop the room is subscribed again from its last event and the missed one comes in the draft_state")
    func roomResumes() async throws {
        try await withOnlinePlayServer { server in
            let client = ParlorClient(serverURL: try server.url(), transport: TestClientTransport(client: server.client))
            let me = try await client.signIn(.guest(deviceID: UUID().uuidString))
            let guest = OnlinePlayServer.Guest(token: try await client.session.accessToken(), user: me.id)
            let created = try await server.call(.post, "/admin/topdog/tournaments", as: try await server.admin(), body: #"{"title":"SDK Best Ball","entry_fee_cents":0}"#)
            let tournament = try #require(created.json["id"] as? String, "\(created)")
            func join(_ player: OnlinePlayServer.Guest) async throws -> UUID {
                let joined = try await server.call(.post, "/topdog/tournaments/\(tournament)/entries", as: player, body: #"{"count":1,"idempotency_key":"\#(UUID().uuidString)"}"#)
                let entry = try #require((joined.json["entries"] as? [[String: Any]])?.first, "\(joined)")
                return try #require((entry["room_id"] as? String).flatMap(UUID.init(uuidString:)))
            }
            let room = try await join(guest)

            let events = try #require(await client.realtime(reconnectDelay: { _ in .seconds(1) }))
            let userTypes = Mutex<[String]>([])
            let user = await events.user()
            let listener = Task { for await message in user { userTypes.withLock { $0.append(message.envelope.type) } } }
            var updates = try await events.draftUpdates(of: room, draft: Room.self, event: Event.self).makeAsyncIterator()
            guard case .state(let first)? = await updates.next() else { throw TestSetupError("the room's first frame is not its state") }
            #expect(first.room == room && first.draft.seq == first.seq)

            // Another entry joins: one event, on the room's stream.
            let joinedRoom = try await join(try await server.guest())
            #expect(joinedRoom == room)
            guard case .event(let live)? = await updates.next() else { throw TestSetupError("no live draft event") }
            #expect(live.room == room && live.event.seq == first.seq + 1 && live.event.kind == "participant_joined")
            #expect(await events.connection.lastSeq(ofRoom: room) == live.event.seq)

            // The socket drops; an entry joins meanwhile; the reconnect asks from the last event.
            await events.connection.killSocket()
            #expect(try await join(try await server.guest()) == room)
            guard case .state(let resumed)? = await updates.next() else { throw TestSetupError("no draft_state after the reconnect") }
            #expect(resumed.missed.map(\.seq) == [live.event.seq + 1], "the missed event, once")
            #expect(resumed.seq == live.event.seq + 1)
            #expect(await events.connection.statistics.resubscriptions >= 1)
            #expect(await events.connection.lastSeq(ofRoom: room) == resumed.seq)

            await events.connection.close()
            await listener.value
            #expect(!userTypes.withLock { $0 }.contains { $0.hasPrefix("draft_") }, "\(userTypes.withLock { $0 })")
        }
    }
}
