import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// One page of the player's games, newest first, and where the next one starts.
public struct OnlineGamePage: Sendable, Equatable {
    public var games: [OnlineGameSummary]
    /// The cursor of the next page; nil on the last.
    public var next: String?

    public init(games: [OnlineGameSummary], next: String? = nil) {
        self.games = games
        self.next = next
    }
}

/// An invitation to a waiting game, as the invitee reads it.
public struct OnlineInvitation: Sendable, Equatable, Identifiable {
    public var id: String
    public var game: OnlineGameSummary
    /// The inviting player's name (the server names a user id; their seat in the game names them).
    public var fromName: String
    public var expiresAt: Date

    public init(id: String, game: OnlineGameSummary, fromName: String, expiresAt: Date) {
        self.id = id
        self.game = game
        self.fromName = fromName
        self.expiresAt = expiresAt
    }
}

/// The player's games and invitations on the server: a struct of closures, live over the app's
/// ``ParlorClient``, and in tests whatever the test sets (an unset closure fails the test).
public struct OnlineGamesClient: Sendable {
    /// One page of the player's games (every game type), in `status` when given.
    public var list: @Sendable (_ status: OnlineGameSummary.Status?, _ cursor: String?) async throws(ParlorError) -> OnlineGamePage
    /// Pending, unexpired invitations, newest first.
    public var invitations: @Sendable () async throws(ParlorError) -> [OnlineInvitation]
    /// Takes the place invited to; answers the game.
    public var accept: @Sendable (_ invitation: String) async throws(ParlorError) -> OnlineGameSummary
    public var decline: @Sendable (_ invitation: String) async throws(ParlorError) -> Void

    public init(
        list: @escaping @Sendable (_ status: OnlineGameSummary.Status?, _ cursor: String?) async throws(ParlorError) -> OnlineGamePage,
        invitations: @escaping @Sendable () async throws(ParlorError) -> [OnlineInvitation],
        accept: @escaping @Sendable (_ invitation: String) async throws(ParlorError) -> OnlineGameSummary,
        decline: @escaping @Sendable (_ invitation: String) async throws(ParlorError) -> Void
    ) {
        self.list = list
        self.invitations = invitations
        self.accept = accept
        self.decline = decline
    }
}

extension OnlineGamesClient {
    public static func live(_ client: ParlorClient) -> OnlineGamesClient {
        OnlineGamesClient(
            list: { status, cursor throws(ParlorError) in
                let wanted = status.map { status -> Components.Schemas.GameStatus in
                    switch status {
                    case .waiting: .waiting
                    case .active: .active
                    case .completed: .completed
                    }
                }
                let page = try await parlorCall { try await client.api.listGames(query: .init(status: wanted, cursor: cursor)).ok.body.json }
                return OnlineGamePage(games: page.games.map(OnlineGameSummary.init), next: page.next)
            },
            invitations: { () async throws(ParlorError) -> [OnlineInvitation] in
                try await parlorCall { try await client.api.listInvitations().ok.body.json }.invitations.map(OnlineInvitation.init)
            },
            accept: { invitation throws(ParlorError) in
                OnlineGameSummary(try await parlorCall { try await client.api.acceptInvitation(path: .init(invitationID: invitation)).ok.body.json })
            },
            decline: { invitation throws(ParlorError) in
                _ = try await parlorCall { try await client.api.declineInvitation(path: .init(invitationID: invitation)).noContent }
            })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = OnlineGamesClient(
        list: { _, _ throws(ParlorError) in throw Unimplemented.call("OnlineGamesClient.list") },
        invitations: { () async throws(ParlorError) -> [OnlineInvitation] in throw Unimplemented.call("OnlineGamesClient.invitations") },
        accept: { _ throws(ParlorError) in throw Unimplemented.call("OnlineGamesClient.accept") },
        decline: { _ throws(ParlorError) in throw Unimplemented.call("OnlineGamesClient.decline") })
}

extension OnlineInvitation {
    init(_ invitation: Components.Schemas.Invitation) {
        let inviter = invitation.game.seats.first { $0.user == invitation.from }
        self.init(
            id: invitation.id, game: OnlineGameSummary(invitation.game), fromName: inviter?.name ?? "A player", expiresAt: invitation.expiresAt)
    }
}

extension OnlineGamesClient: DependencyKey {
    public static var liveValue: OnlineGamesClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: OnlineGamesClient { .unimplemented }
}

extension DependencyValues {
    public var onlineGames: OnlineGamesClient {
        get { self[OnlineGamesClient.self] }
        set { self[OnlineGamesClient.self] = newValue }
    }
}
