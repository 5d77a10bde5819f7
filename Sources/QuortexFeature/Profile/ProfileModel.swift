import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// The player's profile: name and avatar, rating and totals per game (Quortex first), and the
/// achievements at a glance; the display name is edited here, checked before it is sent and
/// refused with the server's reason.
@MainActor @Observable
public final class ProfileModel {
    public enum Phase: Equatable, Sendable {
        case loading
        case failed(ErrorPresentation)
        case loaded
    }

    public private(set) var profile: PlayerProfile?
    public private(set) var records: [GameRating] = []
    public private(set) var achievements: AchievementsSummary?
    /// The name being edited; nil when not editing.
    public private(set) var draftName: String?
    /// Why the draft cannot be saved, from the rules below or the server's refusal.
    public private(set) var nameProblem: String?
    public private(set) var isSavingName = false
    /// A save that failed for another reason than the name (the network, the session).
    public private(set) var error: ErrorPresentation?

    private var loading = false
    private var loadError: ErrorPresentation?
    @ObservationIgnored @Dependency(\.profileClient) private var client

    /// The server's own limit on a display name.
    public static let maximumNameLength = 40

    public init() {}

    // MARK: Derived state

    public var phase: Phase {
        if let loadError { return .failed(loadError) }
        return profile == nil ? .loading : .loaded
    }

    public var isEditingName: Bool { draftName != nil }

    /// The name field's text: each change goes through ``editName(_:)``.
    public var nameField: String {
        get { draftName ?? "" }
        set { editName(newValue) }
    }

    /// Bound to the error's alert: dismissing it clears the error.
    public var isShowingError: Bool {
        get { error != nil }
        set { if !newValue { error = nil } }
    }

    /// The whole record over every game.
    public var totals: GameRating? {
        guard !records.isEmpty else { return nil }
        return GameRating(
            game: "all games", rating: 0, games: records.map(\.games).reduce(0, +), wins: records.map(\.wins).reduce(0, +),
            losses: records.map(\.losses).reduce(0, +))
    }

    /// Whether the player has finished any rated game.
    public var hasPlayed: Bool { records.contains { $0.games > 0 } }

    public var canSaveName: Bool {
        guard let draftName, !isSavingName else { return false }
        return Self.problem(with: draftName) == nil && draftName.trimmingCharacters(in: .whitespacesAndNewlines) != profile?.displayName
    }

    // MARK: Intents

    /// Reads the account, the ratings and the achievements together.
    public func load() async {
        guard !loading else { return }
        loading = true
        defer { loading = false }
        loadError = nil
        let client = self.client
        do {
            async let ratings = client.ratings()
            async let progress = client.achievements()
            let me = try await client.me()
            records = Self.ordered(try await ratings)
            achievements = AchievementsSummary(try await progress)
            profile = me
        } catch {
            loadError = ErrorPresentation(ParlorError(error))
        }
    }

    public func startEditingName() {
        guard let profile else { return }
        draftName = profile.displayName
        nameProblem = nil
    }

    /// The field's binding: each change is checked as it is typed.
    public func editName(_ text: String) {
        guard draftName != nil else { return }
        draftName = text
        nameProblem = Self.problem(with: text)
    }

    public func cancelEditingName() {
        draftName = nil
        nameProblem = nil
    }

    public func saveName() async {
        guard let draftName else { return }
        if let problem = Self.problem(with: draftName) {
            nameProblem = problem
            return
        }
        guard canSaveName else {
            cancelEditingName()
            return
        }
        isSavingName = true
        defer { isSavingName = false }
        error = nil
        do {
            profile = try await client.rename(draftName.trimmingCharacters(in: .whitespacesAndNewlines))
            cancelEditingName()
        } catch where error.kind == .invalidInput {
            // The server names the rule; the field shows it, and the draft stays to be corrected.
            nameProblem = error.fields.first { $0.field == "display_name" }?.message.capitalisedSentence
                ?? ErrorPresentation(error).message
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    public func dismissError() { error = nil }

    /// Why `name` cannot be a display name, by the server's rules (trimmed, 1 to 40 characters);
    /// nil if it can. Control characters are left to the server to refuse.
    public static func problem(with name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "Your name can't be empty." }
        if trimmed.count > maximumNameLength { return "Your name can be at most \(maximumNameLength) characters." }
        return nil
    }

    /// Quortex first, then the other games by games played.
    static func ordered(_ records: [GameRating]) -> [GameRating] {
        records.sorted { left, right in
            if (left.game == "quortex") != (right.game == "quortex") { return left.game == "quortex" }
            return left.games != right.games ? left.games > right.games : left.game < right.game
        }
    }
}

extension String {
    /// `Must not be empty.` from the server's `must not be empty`.
    fileprivate var capitalisedSentence: String {
        guard let first else { return self }
        let text = first.uppercased() + dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }
}
