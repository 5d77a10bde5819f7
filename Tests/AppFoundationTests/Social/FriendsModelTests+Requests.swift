import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

/// Friends: requests refused or crossing, invitations to a game, presence over the socket.
extension FriendsModelTests {
    @Test func aRequestToSomeoneYouBlockIsRefusedWithTheServersReason() async {
        let server = Server()
        server.blocked.setValue([Self.listed(F.dee)])
        server.answers.setValue([.request: .failure(F.blockingThem)])
        let model = model(server)
        await model.load()
        await model.sendRequest(to: F.dee)
        #expect(model.error == ErrorPresentation(F.blockingThem))
        #expect(model.error?.title == "Things changed meanwhile")
        #expect(model.error?.message == "You block this user; unblock them first. Things changed meanwhile; refresh and try again.")
        #expect(model.outgoing.isEmpty)
        #expect(model.blocked.map(\.user) == [F.dee])
        #expect(model.notice == nil)
        #expect(model.busy.isEmpty)

        // Its recovery reloads the lists.
        let loadsBefore = server.loads.value
        await model.recover()
        #expect(model.error == nil)
        #expect(server.loads.value == loadsBefore + 1)
    }

    @Test func aRequestToAnUnknownUserSaysSo() async {
        let server = Server()
        server.answers.setValue([.request: .failure(F.noSuchUser)])
        let model = model(server)
        await model.load()
        await model.sendRequest(to: SocialUser(id: "ghost", username: "ghost", displayName: "ghost"))
        #expect(model.error?.title == "Not found")
        #expect(model.error?.message == "There is no user ghost. It may have been removed; refresh and try again.")
        model.dismissError()
        #expect(model.error == nil)
        #expect(model.phase == .empty)
    }

    @Test func aRequestToSomeoneWhoAskedYouMakesYouFriends() async {
        let server = Server()
        server.incoming.setValue([Self.listed(F.bob)])
        server.answers.setValue([.request: .success(.friends)])
        let model = model(server)
        await model.load()
        await model.sendRequest(to: F.bob)
        #expect(model.incoming.isEmpty)
        #expect(model.friends.map(\.user) == [F.bob])
        #expect(model.notice == "You and Bob are friends.")
    }

    @Test func invitingAFriendNeedsAGameAndHappensOnce() async throws {
        let server = Server()
        server.friends.setValue([Self.friend(F.ann, .online)])
        let withoutGame = model(server)
        await withoutGame.load()
        let ann = try #require(withoutGame.friends.first)
        #expect(withoutGame.canInvite(ann) == false)
        await withoutGame.invite(ann)
        #expect(server.invites.value.isEmpty)

        let game = UUID()
        let model = model(server, gameToInviteTo: game)
        await model.load()
        #expect(model.canInvite(ann))
        await model.invite(ann)
        #expect(server.invites.value == ["\(game.uuidString) u-ann"])
        #expect(model.invited == ["u-ann"])
        #expect(model.canInvite(ann) == false)
        #expect(model.notice == "Invited Ann.")
        await model.invite(ann)
        #expect(server.invites.value.count == 1)
    }

    @Test func anInvitationTheServerRefusesIsShown() async throws {
        let server = Server()
        let full = ParlorError(kind: .conflict, code: "game_not_waiting", message: "the game has started", status: 409)
        let model = withDependencies {
            $0.socialClient.friends = { () async throws(ParlorError) -> [Friend] in [Self.friend(F.ann, .online)] }
            $0.socialClient.incomingRequests = { () async throws(ParlorError) -> [ListedUser] in [] }
            $0.socialClient.outgoingRequests = { () async throws(ParlorError) -> [ListedUser] in [] }
            $0.socialClient.blocked = { () async throws(ParlorError) -> [ListedUser] in server.blocked.value }
            $0.socialClient.invite = { _, _ throws(ParlorError) in throw full }
        } operation: { FriendsModel(gameToInviteTo: UUID()) }
        await model.load()
        let ann = try #require(model.friends.first)
        await model.invite(ann)
        #expect(model.error?.message == "The game has started. Things changed meanwhile; refresh and try again.")
        #expect(model.invited.isEmpty)
        #expect(model.canInvite(ann))
    }

    @Test func presenceEventsMoveFriendsAndAListChangeReloads() async {
        let server = Server()
        let game = UUID()
        server.friends.setValue([Self.friend(F.ann, .offline(lastSeen: nil)), Self.friend(F.bob, .online)])
        let model = model(server, events: [
            .presence(userID: F.ann.id, .playing(gameType: "quortex", gameID: game)),
            .presence(userID: F.bob.id, .offline(lastSeen: nil)),
            .presence(userID: "u-stranger", .online),
        ])
        await model.load()
        await model.watch()
        #expect(model.friends.map(\.user) == [F.ann, F.bob])
        #expect(model.friends.map(\.presence) == [.playing(gameType: "quortex", gameID: game), .offline(lastSeen: F.day)])
        #expect(model.friends.map { model.presenceText($0) } == ["Playing Quortex", "Last seen just now"])
        #expect(server.loads.value == 1)

        // A reload keeps when this device last saw an offline friend (the server does not know).
        let reloading = self.model(server, events: [.presence(userID: F.bob.id, .offline(lastSeen: nil)), .friendsChanged])
        server.friends.setValue([Self.friend(F.bob, .online)])
        await reloading.load()
        server.friends.setValue([Self.friend(F.bob, .offline(lastSeen: nil)), Self.friend(F.cy, .online)])
        await reloading.watch()
        #expect(reloading.friends.map(\.user) == [F.cy, F.bob])
        #expect(reloading.friends.map(\.presence) == [.online, .offline(lastSeen: F.day)])
        #expect(server.loads.value == 3)
    }
}
