import Dependencies
import Foundation
import Observation
import ParlorClient

/// The player's friends with their presence, requests in (accept, decline) and out (cancel),
/// the users they block, user search, and the actions on each: ask, remove and block (both
/// confirmed first), unblock, invite to a game. Presence and list changes arrive while
/// ``watch()`` runs. The actions are in `FriendsModel+Actions.swift`, search in `+Search`.
@MainActor @Observable
public final class FriendsModel {
    public internal(set) var phase: SocialLoadPhase = .loading
    /// Playing first, then online, then offline; by name within each.
    public private(set) var friends: [Friend] = []
    public internal(set) var incoming: [ListedUser] = []
    public internal(set) var outgoing: [ListedUser] = []
    public internal(set) var blocked: [ListedUser] = []
    /// An action's failure (the lists stay as they were).
    public internal(set) var error: ErrorPresentation?
    /// What the last action did, in a sentence (`Invited Ann.`).
    public internal(set) var notice: String?
    /// Remove or block, waiting for the player to confirm.
    public internal(set) var confirmation: FriendConfirmation?
    /// Users with an action in flight: their buttons are disabled.
    public internal(set) var busy: Set<String> = []
    /// Friends invited to ``gameToInviteTo`` from this screen.
    public internal(set) var invited: Set<String> = []

    /// The waiting game the player may invite friends to (nil: no invite buttons).
    public var gameToInviteTo: UUID?
    /// The search field; ``searchAfterPause()`` runs the search a pause after it changes.
    public var query = ""
    public internal(set) var search: FriendSearchState = .idle(hint: nil)
    var searchResults: [SocialUser] = []

    @ObservationIgnored @Dependency(\.socialClient) var client
    @ObservationIgnored @Dependency(\.date.now) var now
    @ObservationIgnored @Dependency(\.continuousClock) var clock
    /// The signed-in player: never offered as a search result to befriend.
    @ObservationIgnored let myUserID: String?

    public init(myUserID: String? = nil, gameToInviteTo: UUID? = nil) {
        self.myUserID = myUserID
        self.gameToInviteTo = gameToInviteTo
    }

    /// Nothing on any list.
    public let emptyMessage = "No friends yet. Search for a username to send a request."

    /// Every list, with the loading state first.
    public func load() async {
        phase = .loading
        await reloadLists()
    }

    /// Pull to refresh and retry: the lists again; the rows stay while they load.
    public func refresh() async {
        if case .failed = phase { phase = .loading }
        await reloadLists()
    }

    /// Presence and list changes from the server until the screen goes (the task is cancelled).
    public func watch() async {
        for await event in client.events() {
            switch event {
            case .presence(let userID, let presence):
                apply(presence, to: userID)
            case .friendsChanged:
                await reloadLists()
            }
        }
    }

    /// `Online`, `Playing Quortex`, `Last seen 5 min ago`, `Offline`.
    public func presenceText(_ friend: Friend) -> String {
        switch friend.presence {
        case .online: "Online"
        case .playing(let gameType, _): "Playing " + Self.gameName(gameType)
        case .offline(let lastSeen?): "Last seen " + Formatting.relative(lastSeen, to: now)
        case .offline(nil): "Offline"
        }
    }

    public func dismissError() { error = nil }
    public func dismissNotice() { notice = nil }

    /// The error's recovery: reload the lists for refresh and retry, else just clear it.
    public func recover() async {
        guard let recovery = error?.recovery else { return }
        error = nil
        if recovery == .refresh || recovery == .retry { await refresh() }
    }

    private func reloadLists() async {
        let client = client
        async let friendsAnswer = Self.result { () async throws(ParlorError) in try await client.friends() }
        async let incomingAnswer = Self.result { () async throws(ParlorError) in try await client.incomingRequests() }
        async let outgoingAnswer = Self.result { () async throws(ParlorError) in try await client.outgoingRequests() }
        async let blockedAnswer = Self.result { () async throws(ParlorError) in try await client.blocked() }
        let answers = await (friendsAnswer, incomingAnswer, outgoingAnswer, blockedAnswer)
        do {
            let loaded = try answers.0.get()
            incoming = try answers.1.get()
            outgoing = try answers.2.get()
            blocked = try answers.3.get()
            setFriends(loaded.map { friend in
                // The server knows only online or not; keep when this device last saw them.
                var friend = friend
                if case .offline(nil) = friend.presence, case .offline(let seen?)? = friends.first(where: { $0.id == friend.id })?.presence {
                    friend.presence = .offline(lastSeen: seen)
                }
                return friend
            })
            phase = friends.isEmpty && incoming.isEmpty && outgoing.isEmpty && blocked.isEmpty ? .empty : .loaded
        } catch {
            if phase == .loading { phase = .failed(ErrorPresentation(error)) } else { self.error = ErrorPresentation(error) }
        }
    }

    private func apply(_ presence: FriendPresence, to userID: String) {
        guard let index = friends.firstIndex(where: { $0.id == userID }) else { return }
        var updated = friends
        if case .offline = presence {
            // Heard going offline now; an offline friend staying offline keeps the first time.
            if friends[index].presence.isOnline { updated[index].presence = .offline(lastSeen: now) }
        } else {
            updated[index].presence = presence
        }
        setFriends(updated)
    }

    func setFriends(_ list: [Friend]) {
        func order(_ presence: FriendPresence) -> Int {
            switch presence {
            case .playing: 0
            case .online: 1
            case .offline: 2
            }
        }
        friends = list.sorted { a, b in
            if order(a.presence) != order(b.presence) { return order(a.presence) < order(b.presence) }
            return a.user.displayName.localizedCaseInsensitiveCompare(b.user.displayName) == .orderedAscending
        }
    }

    /// `crazy-eights` → `Crazy Eights`.
    static func gameName(_ gameType: String) -> String {
        gameType.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    nonisolated static func result<Value: Sendable>(_ call: @Sendable () async throws(ParlorError) -> Value) async -> Result<Value, ParlorError> {
        do {
            return .success(try await call())
        } catch {
            return .failure(error)
        }
    }
}
