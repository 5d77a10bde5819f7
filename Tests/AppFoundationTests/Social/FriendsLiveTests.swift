import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing
import TestSupport

/// The friends screen on its live dependency against the real server, each player with a client
/// of their own: search by username, a request seen by the other and accepted, both listing each
/// other, an invitation to a game, presence over the real-time channel, and a block ending the
/// friendship and refusing a new request.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct FriendsLiveTests {
    @Test func aRequestIsSeenAcceptedAndBothListEachOtherThenAnInvitationArrives() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let ann = try await SocialLivePlayer.join(url, name: "ann")
            let bob = try await SocialLivePlayer.join(url, name: "bob")
            let annFriends = ann.friendsModel()
            await annFriends.load()
            #expect(annFriends.phase == .empty)

            // Ann finds Bob by the start of his username.
            annFriends.query = String(bob.user.username.prefix(8))
            await annFriends.searchAfterPause()
            #expect(annFriends.search == .results, "\(annFriends.search)")
            let found = try #require(annFriends.results.first { $0.user.id == bob.user.id })
            #expect(found.mark == .none && found.user.username == bob.user.username)

            await annFriends.sendRequest(to: found.user)
            #expect(annFriends.error == nil, "\(String(describing: annFriends.error))")
            #expect(annFriends.outgoing.map(\.user.id) == [bob.user.id])
            #expect(annFriends.results.first { $0.user.id == bob.user.id }?.mark == .requested)

            // Bob sees it coming in, and accepts.
            let bobFriends = bob.friendsModel()
            await bobFriends.load()
            #expect(bobFriends.incoming.map(\.user.id) == [ann.user.id])
            let request = try #require(bobFriends.incoming.first)
            await bobFriends.accept(request.user)
            #expect(bobFriends.error == nil, "\(String(describing: bobFriends.error))")
            #expect(bobFriends.friends.map(\.user.id) == [ann.user.id])
            #expect(bobFriends.incoming.isEmpty)

            // Both lists hold each other, as the server says.
            await annFriends.refresh()
            await bobFriends.refresh()
            #expect(annFriends.friends.map(\.user.id) == [bob.user.id])
            #expect(annFriends.outgoing.isEmpty)
            #expect(bobFriends.friends.map(\.user.id) == [ann.user.id])
            #expect(annFriends.results.first { $0.user.id == bob.user.id }?.mark == .friend)

            // Ann invites Bob to a game she is waiting in; Bob's invitations hold it.
            let game = try await ann.client.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based"))).created.body.json
            let gameID = try #require(UUID(uuidString: game.id))
            annFriends.gameToInviteTo = gameID
            let bobAsFriend = try #require(annFriends.friends.first)
            await annFriends.invite(bobAsFriend)
            #expect(annFriends.error == nil, "\(String(describing: annFriends.error))")
            #expect(annFriends.invited == [bob.user.id])
            let invitations = try await bob.client.api.listInvitations().ok.body.json.invitations
            #expect(invitations.map(\.game.id) == [game.id])
        }
    }

    @Test func aFriendComingOnlineIsSeenOverTheRealtimeChannel() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let ann = try await SocialLivePlayer.join(url, name: "ann")
            let bob = try await SocialLivePlayer.join(url, name: "bob")
            try await ann.befriend(bob)
            let annFriends = ann.friendsModel()
            await annFriends.load()
            #expect(annFriends.friends.map(\.presence) == [.offline(lastSeen: nil)])
            let watching = Task { await annFriends.watch() }
            defer { watching.cancel() }

            let bobOnline = try #require(await bob.client.realtime())
            #expect(await eventually(timeout: .seconds(20)) { @MainActor in annFriends.friends.first?.presence == .online })
            #expect(annFriends.presenceText(try #require(annFriends.friends.first)) == "Online")

            await bobOnline.connection.close()
            #expect(await eventually(timeout: .seconds(20)) { @MainActor in annFriends.friends.first?.presence.isOnline == false })
            #expect(annFriends.friends.first.map { annFriends.presenceText($0) }?.hasPrefix("Last seen") == true)
        }
    }

    @Test func aBlockEndsTheFriendshipAndRefusesANewRequest() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { url in
            let ann = try await SocialLivePlayer.join(url, name: "ann")
            let bob = try await SocialLivePlayer.join(url, name: "bob")
            try await ann.befriend(bob)
            let annFriends = ann.friendsModel()
            await annFriends.load()
            let friend = try #require(annFriends.friends.first)
            #expect(friend.user.id == bob.user.id)

            annFriends.askToBlock(friend.user)
            #expect(annFriends.confirmation?.action == .block)
            await annFriends.confirm()
            #expect(annFriends.error == nil, "\(String(describing: annFriends.error))")
            #expect(annFriends.friends.isEmpty)
            #expect(annFriends.blocked.map(\.user.id) == [bob.user.id])

            // The server agrees on both sides.
            await annFriends.refresh()
            #expect(annFriends.friends.isEmpty && annFriends.blocked.map(\.user.id) == [bob.user.id])
            let bobFriends = bob.friendsModel()
            await bobFriends.load()
            #expect(bobFriends.friends.isEmpty)

            // Asking someone you block is refused, with the server's reason.
            await annFriends.sendRequest(to: friend.user)
            #expect(annFriends.error?.title == "Things changed meanwhile")
            #expect(annFriends.error?.message.hasPrefix("You block this user; unblock them first.") == true, "\(String(describing: annFriends.error))")
            #expect(annFriends.outgoing.isEmpty)

            // An unknown user is not found.
            annFriends.dismissError()
            await annFriends.sendRequest(to: SocialUser(id: "nobody_here_at_all", username: "nobody_here_at_all", displayName: "Nobody"))
            #expect(annFriends.error?.title == "Not found")

            // Unblocked, the list is clear and a request goes through again.
            await annFriends.unblock(friend.user)
            #expect(annFriends.blocked.isEmpty)
            await annFriends.sendRequest(to: friend.user)
            #expect(annFriends.error == nil, "\(String(describing: annFriends.error))")
            #expect(annFriends.outgoing.map(\.user.id) == [bob.user.id])
        }
    }
}
