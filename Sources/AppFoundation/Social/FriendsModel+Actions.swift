import Foundation
import ParlorClient

/// Removing a friend or blocking a user, asked before it is done.
public struct FriendConfirmation: Equatable, Sendable, Identifiable {
    public enum Action: Equatable, Sendable {
        case remove
        case block
    }

    public let action: Action
    public let user: SocialUser

    public var id: String { "\(action)|\(user.id)" }

    public var title: String {
        switch action {
        case .remove: "Remove \(user.displayName)?"
        case .block: "Block \(user.displayName)?"
        }
    }

    public var message: String {
        switch action {
        case .remove: "You will no longer see each other's presence or be on each other's friends leaderboard."
        case .block: "Ends your friendship and any request. They can't ask you again or invite you, and they are not told."
        }
    }

    /// The destructive button's title.
    public var confirmTitle: String {
        switch action {
        case .remove: "Remove Friend"
        case .block: "Block"
        }
    }
}

extension FriendsModel {
    public func accept(_ user: SocialUser) async { await act(.accept, on: user) }
    public func decline(_ user: SocialUser) async { await act(.decline, on: user) }
    public func cancelRequest(to user: SocialUser) async { await act(.cancel, on: user) }
    public func sendRequest(to user: SocialUser) async { await act(.request, on: user) }
    public func unblock(_ user: SocialUser) async { await act(.unblock, on: user) }

    public func askToRemove(_ user: SocialUser) { confirmation = FriendConfirmation(action: .remove, user: user) }
    public func askToBlock(_ user: SocialUser) { confirmation = FriendConfirmation(action: .block, user: user) }
    public func cancelConfirmation() { confirmation = nil }

    /// The dialog's presentation: dismissing it (false) drops the question.
    public var isConfirming: Bool {
        get { confirmation != nil }
        set { if !newValue { confirmation = nil } }
    }

    /// Does what ``confirmation`` asked about.
    public func confirm() async {
        guard let confirmation else { return }
        await confirm(confirmation)
    }

    /// Does what `confirmation` asked about: the dialog's button passes the question it showed,
    /// so it holds even when the dialog has cleared ``confirmation`` on its way out.
    public func confirm(_ confirmation: FriendConfirmation) async {
        self.confirmation = nil
        switch confirmation.action {
        case .remove: await act(.remove, on: confirmation.user)
        case .block: await act(.block, on: confirmation.user)
        }
    }

    /// Whether the screen offers inviting `friend`: a game to invite to, and not invited already.
    public func canInvite(_ friend: Friend) -> Bool {
        gameToInviteTo != nil && !invited.contains(friend.id) && !busy.contains(friend.id)
    }

    public func invite(_ friend: Friend) async {
        guard let game = gameToInviteTo, canInvite(friend) else { return }
        busy.insert(friend.id)
        defer { busy.remove(friend.id) }
        error = nil
        do {
            try await client.invite(game, [friend.id])
            invited.insert(friend.id)
            notice = "Invited \(friend.user.displayName)."
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    /// One relation change: the answered relation moves the user between the lists at once
    /// (the server's `friends_changed` reloads them later with presence).
    func act(_ action: RelationAction, on user: SocialUser) async {
        guard !busy.contains(user.id) else { return }
        busy.insert(user.id)
        defer { busy.remove(user.id) }
        error = nil
        notice = nil
        do {
            let (answered, relation) = try await client.act(action, user.id)
            place(answered, as: relation)
            notice = Self.notice(action, relation, answered)
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    private func place(_ user: SocialUser, as relation: UserRelation) {
        let known = friends.first { $0.id == user.id }
        let listed = (incoming + outgoing + blocked).first { $0.id == user.id }
        setFriends(friends.filter { $0.id != user.id })
        incoming.removeAll { $0.id == user.id }
        outgoing.removeAll { $0.id == user.id }
        blocked.removeAll { $0.id == user.id }
        let entry = ListedUser(user: user, since: now)
        switch relation {
        case .none: break
        case .requestSent: outgoing.insert(entry, at: 0)
        case .requestReceived: incoming.insert(listed ?? entry, at: 0)
        case .friends: setFriends(friends + [known ?? Friend(user: user, since: now, presence: .offline(lastSeen: nil))])
        case .blocking: blocked.insert(entry, at: 0)
        }
        phase = friends.isEmpty && incoming.isEmpty && outgoing.isEmpty && blocked.isEmpty ? .empty : .loaded
    }

    private static func notice(_ action: RelationAction, _ relation: UserRelation, _ user: SocialUser) -> String {
        let name = user.displayName
        switch (action, relation) {
        case (.request, .friends), (.accept, .friends): return "You and \(name) are friends."
        case (.request, _): return "Request sent to \(name)."
        case (.decline, _): return "Declined \(name)'s request."
        case (.cancel, _): return "Request to \(name) withdrawn."
        case (.remove, _): return "Removed \(name) from your friends."
        case (.block, _): return "Blocked \(name)."
        case (.unblock, _): return "Unblocked \(name)."
        case (.accept, _): return "\(name)'s request is gone."
        }
    }
}
