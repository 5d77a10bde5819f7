import ParlorClient
import ServerTestSupport
import Foundation
import HTTPTypes
import ParlorAPI
import Testing

/// Invitations reach an invitee who is online at once, over the real-time channel.
@Suite(.timeLimit(.minutes(3))) struct InvitationNoticeTests {
    @Test func anOnlineInviteeHearsOfTheInvitationAndNoOneElseDoes() async throws {
        try await withOnlinePlayServer { server in
            let host = try await server.guest()
            let invitee = try await server.guest()
            let bystander = try await server.guest()
            let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#)
            let game = try #require(created.json["id"] as? String)
            let inviteeSocket = try await server.connect(invitee)
            let bystanderSocket = try await server.connect(bystander)
            var heard = inviteeSocket.inbound.makeAsyncIterator()
            var overheard = bystanderSocket.inbound.makeAsyncIterator()
            // Once welcomed, a connection is known by its user and hears what is addressed to them.
            #expect(await heard.next()?.type == .welcome)
            #expect(await overheard.next()?.type == .welcome)

            let invited = try await server.call(.post, "/games/\(game)/invitations", as: host, body: #"{"users":["\#(invitee.user)"]}"#)
            #expect(invited.status == 201)
            let id = try #require((invited.json["invitations"] as? [[String: Any]])?.first?["id"] as? String)

            let frame = try #require(await heard.next())
            #expect(frame.type == .invitation)
            let invitation = try frame.decode(RealtimeInvitation.self)
            #expect(invitation.game == UUID(uuidString: game))
            #expect(invitation.invitation == id)
            #expect(invitation.from == host.user)
            #expect(invitation.expiresAt > Date().addingTimeInterval(23 * 3600), "it lasts 24 hours")

            // The bystander's next frame is the answer to its own ping: nothing came before it.
            try await bystanderSocket.send(RealtimePing(id: "after the invitation"))
            let next = try #require(await overheard.next())
            #expect(next.type == .pong, "\(String(decoding: next.data, as: UTF8.self))")

            #expect(try await server.call(.post, "/invitations/\(id)/accept", as: invitee).status == 200)
            await inviteeSocket.close()
            await bystanderSocket.close()
        }
    }
}
