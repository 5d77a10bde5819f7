import Foundation
import ParlorPlay
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import Social

/// Friends, requests, blocks and finding users.
extension SocialAPI {
    package func searchUsers(_ input: Operations.SearchUsers.Input) async throws -> Operations.SearchUsers.Output {
        let caller = try await accounts.authenticate()
        try await accounts.limit("search:user:\(caller.userID)", accounts.configuration.rateLimits.userSearchesPerUser)
        let page = try await social.profiles.search(prefix: input.query.prefix, after: input.query.cursor, limit: input.query.limit)
        return .ok(.init(body: .json(.init(users: page.users.map(Components.Schemas.UserSummary.init), next: page.next))))
    }

    package func listFriends(_ input: Operations.ListFriends.Input) async throws -> Operations.ListFriends.Output {
        let caller = try await accounts.authenticate()
        let page = try await social.friends.list(.friends, of: caller.userID, after: input.query.cursor, limit: input.query.limit)
        let activity = try await presence.activity(of: page.items.map(\.user.id))
        let friends = page.items.map { item in
            Components.Schemas.Friend(
                user: .init(item.user), since: Date(millis: item.since), presence: .init(activity[item.user.id] ?? .offline))
        }
        return .ok(.init(body: .json(.init(friends: friends, next: page.next))))
    }

    package func listFriendRequests(_ input: Operations.ListFriendRequests.Input) async throws -> Operations.ListFriendRequests.Output {
        let caller = try await accounts.authenticate()
        let list: FriendService.List = input.query.direction == .outgoing ? .outgoing : .incoming
        return .ok(.init(body: .json(try await page(list, of: caller.userID, cursor: input.query.cursor, limit: input.query.limit))))
    }

    package func listBlocks(_ input: Operations.ListBlocks.Input) async throws -> Operations.ListBlocks.Output {
        let caller = try await accounts.authenticate()
        return .ok(.init(body: .json(try await page(.blocked, of: caller.userID, cursor: input.query.cursor, limit: input.query.limit))))
    }

    private func page(_ list: FriendService.List, of user: String, cursor: String?, limit: Int?) async throws -> Components.Schemas.UserListPage {
        let page = try await social.friends.list(list, of: user, after: cursor, limit: limit)
        return .init(users: page.items.map { .init(user: .init($0.user), since: Date(millis: $0.since)) }, next: page.next)
    }

    package func sendFriendRequest(_ input: Operations.SendFriendRequest.Input) async throws -> Operations.SendFriendRequest.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.invalidField("user", "is required") }
        try await accounts.limit("friend-request:user:\(caller.userID)", accounts.configuration.rateLimits.friendRequestsPerUser)
        return .ok(.init(body: .json(try await act(.request, caller.userID, body.user))))
    }

    package func cancelFriendRequest(_ input: Operations.CancelFriendRequest.Input) async throws -> Operations.CancelFriendRequest.Output {
        .ok(.init(body: .json(try await act(.cancel, try await accounts.authenticate().userID, input.path.userID))))
    }

    package func acceptFriendRequest(_ input: Operations.AcceptFriendRequest.Input) async throws -> Operations.AcceptFriendRequest.Output {
        .ok(.init(body: .json(try await act(.accept, try await accounts.authenticate().userID, input.path.userID))))
    }

    package func declineFriendRequest(_ input: Operations.DeclineFriendRequest.Input) async throws -> Operations.DeclineFriendRequest.Output {
        .ok(.init(body: .json(try await act(.decline, try await accounts.authenticate().userID, input.path.userID))))
    }

    package func removeFriend(_ input: Operations.RemoveFriend.Input) async throws -> Operations.RemoveFriend.Output {
        .ok(.init(body: .json(try await act(.remove, try await accounts.authenticate().userID, input.path.userID))))
    }

    package func blockUser(_ input: Operations.BlockUser.Input) async throws -> Operations.BlockUser.Output {
        .ok(.init(body: .json(try await act(.block, try await accounts.authenticate().userID, input.path.userID))))
    }

    package func unblockUser(_ input: Operations.UnblockUser.Input) async throws -> Operations.UnblockUser.Output {
        .ok(.init(body: .json(try await act(.unblock, try await accounts.authenticate().userID, input.path.userID))))
    }

    private func act(_ action: RelationAction, _ user: String, _ other: String) async throws -> Components.Schemas.RelationState {
        let (target, relation) = try await social.friends.act(action, by: user, on: other)
        return .init(user: .init(target), relation: Components.Schemas.RelationState.RelationPayload(rawValue: relation.rawValue) ?? .none)
    }
}
