import Foundation

/// Where the username search is.
public enum FriendSearchState: Equatable, Sendable {
    /// Nothing searched: the field is empty, or `hint` says what the text lacks.
    case idle(hint: String?)
    case searching
    case results
    case noMatches
    case failed(ErrorPresentation)
}

/// A user the search found, marked with how the player stands towards them.
public struct FriendSearchResult: Equatable, Sendable, Identifiable {
    public enum Mark: Equatable, Sendable {
        /// May be asked.
        case none
        case friend
        case requested
        /// They asked the player: accepting is the action.
        case asksYou
        case blocked
        case you
    }

    public let user: SocialUser
    public let mark: Mark

    public var id: String { user.id }

    public var canRequest: Bool { mark == .none || mark == .asksYou }

    /// The mark's words (`Friend`, `Requested`, …); nil for a user the player may ask.
    public var label: String? {
        switch mark {
        case .none: nil
        case .friend: "Friend"
        case .requested: "Requested"
        case .asksYou: "Asked you"
        case .blocked: "Blocked"
        case .you: "You"
        }
    }
}

extension FriendsModel {
    /// How long the field must rest before it is searched.
    public static let searchPause = Duration.milliseconds(350)
    public static let minimumSearchLength = 2
    /// The longest username there is.
    public static let maximumSearchLength = 20

    /// The search's results, marked from the lists as they stand now (so a request sent from
    /// the results marks its row at once).
    public var results: [FriendSearchResult] {
        searchResults.map { user in
            FriendSearchResult(user: user, mark: mark(user.id))
        }
    }

    /// Searches ``query`` after ``searchPause`` of quiet; the screen runs it on every change
    /// of the field (`.task(id: query)`), which cancels the wait of the one before.
    public func searchAfterPause() async {
        let prefix = query.trimmingCharacters(in: .whitespaces)
        if let hint = Self.hint(for: prefix) {
            searchResults = []
            search = .idle(hint: hint.isEmpty ? nil : hint)
            return
        }
        do {
            try await clock.sleep(for: Self.searchPause)
        } catch {
            return  // the field changed again: that change searches
        }
        await runSearch(prefix)
    }

    private func runSearch(_ prefix: String) async {
        search = .searching
        do {
            let found = try await client.search(prefix)
            // A later search owns the field now.
            guard !Task.isCancelled, prefix == query.trimmingCharacters(in: .whitespaces) else { return }
            searchResults = found
            search = found.isEmpty ? .noMatches : .results
        } catch {
            guard !Task.isCancelled else { return }
            searchResults = []
            search = .failed(ErrorPresentation(error))
        }
    }

    /// Why `prefix` is not searched: empty for an empty field, a sentence for text no username
    /// could start with; nil when it is fine.
    static func hint(for prefix: String) -> String? {
        if prefix.isEmpty { return "" }
        if prefix.count < minimumSearchLength { return "Type at least \(minimumSearchLength) letters of a username." }
        if prefix.count > maximumSearchLength { return "Usernames are at most \(maximumSearchLength) characters." }
        let allowed = prefix.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
        return allowed ? nil : "Usernames have only letters, digits and _."
    }

    private func mark(_ id: String) -> FriendSearchResult.Mark {
        if id == myUserID { return .you }
        if friends.contains(where: { $0.id == id }) { return .friend }
        if outgoing.contains(where: { $0.id == id }) { return .requested }
        if incoming.contains(where: { $0.id == id }) { return .asksYou }
        if blocked.contains(where: { $0.id == id }) { return .blocked }
        return .none
    }
}
