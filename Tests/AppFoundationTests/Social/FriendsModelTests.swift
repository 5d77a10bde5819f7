import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Testing

/// The friends screen on set closures: the lists with presence, requests in and out, remove and
/// block behind a confirmation, unblock, invitations, the server's refusals, and live presence.
@MainActor
@Suite struct FriendsModelTests {
    typealias F = SocialFixtures

    /// What the server holds for the test, and what the model asked it to do.
    final class Server: Sendable {
        let friends = LockIsolated<[Friend]>([])
        let incoming = LockIsolated<[ListedUser]>([])
        let outgoing = LockIsolated<[ListedUser]>([])
        let blocked = LockIsolated<[ListedUser]>([])
        let loads = LockIsolated(0)
        let acts = LockIsolated<[String]>([])
        let invites = LockIsolated<[String]>([])
        /// Each act's answer (or refusal), by action.
        let answers = LockIsolated<[RelationAction: Result<UserRelation, ParlorError>]>([:])
    }

    func model(_ server: Server, gameToInviteTo: UUID? = nil, events: [SocialEvent] = []) -> FriendsModel {
        withDependencies {
            $0.date.now = F.day
            $0.socialClient.friends = { () async throws(ParlorError) -> [Friend] in
                server.loads.withValue { $0 += 1 }
                return server.friends.value
            }
            $0.socialClient.incomingRequests = { () async throws(ParlorError) -> [ListedUser] in server.incoming.value }
            $0.socialClient.outgoingRequests = { () async throws(ParlorError) -> [ListedUser] in server.outgoing.value }
            $0.socialClient.blocked = { () async throws(ParlorError) -> [ListedUser] in server.blocked.value }
            $0.socialClient.act = { action, user throws(ParlorError) in
                server.acts.withValue { $0.append("\(action.rawValue) \(user)") }
                let known = [F.ann, F.bob, F.cy, F.dee].first { $0.id == user } ?? SocialUser(id: user, username: user, displayName: user)
                switch server.answers.value[action] {
                case .success(let relation)?: return (known, relation)
                case .failure(let error)?: throw error
                case nil:
                    Issue.record("no answer set for \(action)")
                    return (known, .none)
                }
            }
            $0.socialClient.invite = { game, users throws(ParlorError) in
                server.invites.withValue { $0.append("\(game.uuidString) \(users.joined(separator: ","))") }
            }
            $0.socialClient.events = {
                AsyncStream { continuation in
                    for event in events { continuation.yield(event) }
                    continuation.finish()
                }
            }
        } operation: { FriendsModel(myUserID: F.me.id, gameToInviteTo: gameToInviteTo) }
    }

    nonisolated static func listed(_ user: SocialUser) -> ListedUser { ListedUser(user: user, since: F.day.addingTimeInterval(-86_400)) }

    nonisolated static func friend(_ user: SocialUser, _ presence: FriendPresence) -> Friend {
        Friend(user: user, since: F.day.addingTimeInterval(-86_400 * 10), presence: presence)
    }

    @Test func theListsLoadWithPlayingAndOnlineFriendsFirst() async {
        let server = Server()
        let game = UUID()
        server.friends.setValue([
            Self.friend(F.ann, .offline(lastSeen: nil)), Self.friend(F.cy, .online), Self.friend(F.bob, .playing(gameType: "crazy-eights", gameID: game)),
        ])
        server.incoming.setValue([Self.listed(F.dee)])
        let model = model(server)
        #expect(model.phase == .loading)
        await model.load()
        #expect(model.phase == .loaded)
        #expect(model.friends.map(\.user) == [F.bob, F.cy, F.ann])
        #expect(model.friends.map { model.presenceText($0) } == ["Playing Crazy Eights", "Online", "Offline"])
        #expect(model.incoming.map(\.user) == [F.dee])
        #expect(model.outgoing.isEmpty && model.blocked.isEmpty)
    }

    @Test func nothingOnAnyListIsEmpty() async {
        let model = model(Server())
        await model.load()
        #expect(model.phase == .empty)
        #expect(model.emptyMessage == "No friends yet. Search for a username to send a request.")
    }

    @Test func aFailedLoadShowsTheTypedErrorAndRefreshRecovers() async {
        let server = Server()
        let offline = LockIsolated(true)
        let model = withDependencies {
            $0.socialClient.friends = { () async throws(ParlorError) -> [Friend] in
                if offline.value { throw F.offline }
                return [Self.friend(F.ann, .online)]
            }
            $0.socialClient.incomingRequests = { () async throws(ParlorError) -> [ListedUser] in server.incoming.value }
            $0.socialClient.outgoingRequests = { () async throws(ParlorError) -> [ListedUser] in server.outgoing.value }
            $0.socialClient.blocked = { () async throws(ParlorError) -> [ListedUser] in server.blocked.value }
        } operation: { FriendsModel() }
        await model.load()
        #expect(model.phase == .failed(ErrorPresentation(F.offline)))
        #expect(model.phase.error?.title == "No internet connection")
        #expect(model.phase.error?.recovery == .retry)
        offline.setValue(false)
        await model.refresh()
        #expect(model.phase == .loaded)
        #expect(model.friends.map(\.user) == [F.ann])
    }

    @Test func acceptingDecliningAndCancellingMoveUsersBetweenTheLists() async {
        let server = Server()
        server.incoming.setValue([Self.listed(F.ann), Self.listed(F.bob)])
        server.outgoing.setValue([Self.listed(F.cy)])
        server.answers.setValue([.accept: .success(.friends), .decline: .success(.none), .cancel: .success(.none)])
        let model = model(server)
        await model.load()

        await model.accept(F.ann)
        #expect(model.friends.map(\.user) == [F.ann])
        #expect(model.incoming.map(\.user) == [F.bob])
        #expect(model.notice == "You and Ann are friends.")

        await model.decline(F.bob)
        #expect(model.incoming.isEmpty)
        #expect(model.notice == "Declined Bob's request.")

        await model.cancelRequest(to: F.cy)
        #expect(model.outgoing.isEmpty)
        #expect(model.notice == "Request to Cy withdrawn.")
        #expect(server.acts.value == ["accept u-ann", "decline u-bob", "cancel u-cy"])
        #expect(model.busy.isEmpty)
        #expect(model.error == nil)
    }

    @Test func removingAFriendIsConfirmedFirst() async throws {
        let server = Server()
        server.friends.setValue([Self.friend(F.ann, .online), Self.friend(F.bob, .online)])
        server.answers.setValue([.remove: .success(.none)])
        let model = model(server)
        await model.load()

        model.askToRemove(F.ann)
        let asked = try #require(model.confirmation)
        #expect(asked.title == "Remove Ann?")
        #expect(asked.confirmTitle == "Remove Friend")
        model.cancelConfirmation()
        #expect(model.confirmation == nil)
        #expect(server.acts.value.isEmpty)
        await model.confirm()
        #expect(server.acts.value.isEmpty)

        model.askToRemove(F.ann)
        await model.confirm()
        #expect(model.confirmation == nil)
        #expect(server.acts.value == ["remove u-ann"])
        #expect(model.friends.map(\.user) == [F.bob])
        #expect(model.notice == "Removed Ann from your friends.")
    }

    @Test func theDialogDismissedDropsTheQuestionAndItsButtonStillActs() async throws {
        let server = Server()
        server.friends.setValue([Self.friend(F.ann, .online)])
        server.answers.setValue([.block: .success(.blocking)])
        let model = model(server)
        await model.load()
        #expect(model.isConfirming == false)
        model.askToBlock(F.ann)
        #expect(model.isConfirming)
        let shown = try #require(model.confirmation)
        // The dialog clears its binding as it closes, then runs the button's action.
        model.isConfirming = false
        #expect(model.confirmation == nil)
        #expect(server.acts.value.isEmpty)
        await model.confirm(shown)
        #expect(server.acts.value == ["block u-ann"])
        #expect(model.blocked.map(\.user) == [F.ann])
    }

    @Test func blockingIsConfirmedEndsTheFriendshipAndUnblockingClearsIt() async throws {
        let server = Server()
        server.friends.setValue([Self.friend(F.ann, .online)])
        server.answers.setValue([.block: .success(.blocking), .unblock: .success(.none)])
        let model = model(server)
        await model.load()

        model.askToBlock(F.ann)
        #expect(model.confirmation?.title == "Block Ann?")
        #expect(model.confirmation?.confirmTitle == "Block")
        #expect(server.acts.value.isEmpty)
        await model.confirm()
        #expect(model.friends.isEmpty)
        #expect(model.blocked.map(\.user) == [F.ann])
        #expect(model.blocked.first?.since == F.day)
        #expect(model.notice == "Blocked Ann.")

        await model.unblock(F.ann)
        #expect(model.blocked.isEmpty)
        #expect(model.phase == .empty)
        #expect(server.acts.value == ["block u-ann", "unblock u-ann"])
    }
}
