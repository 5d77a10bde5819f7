import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient
import PlayerProfiles

/// What practice may buy: an undo or a hint beyond the free ones of each game.
public enum PracticeItem: String, Sendable, CaseIterable {
    case undo, hint

    /// "undos", "hints", as sentences say them.
    public var plural: String { rawValue + "s" }
}

/// The signed-in player's undo and hint balances in Quortex, as the server keeps them.
public struct PracticeBalances: Equatable, Sendable {
    public var undos: Int
    public var hints: Int
    /// Pro: undos and hints cost nothing.
    public var unlimited: Bool

    public init(undos: Int, hints: Int, unlimited: Bool) {
        self.undos = undos
        self.hints = hints
        self.unlimited = unlimited
    }

    public func count(of item: PracticeItem) -> Int { item == .undo ? undos : hints }

    mutating func set(_ item: PracticeItem, to count: Int) {
        if item == .undo { undos = count } else { hints = count }
    }
}

/// The server's answer to spending one: what is left (nil when unlimited) and whether this
/// request repeated one it had already answered.
public struct PracticeUse: Equatable, Sendable {
    public var remaining: Int?
    public var repeated: Bool

    public init(remaining: Int?, repeated: Bool) {
        self.remaining = remaining
        self.repeated = repeated
    }
}

/// Practice's outside effects: the balances, spending one undo or hint under a key the model
/// chooses (a retry with the same key spends nothing twice), and counting a finished game in
/// the local profile.
public struct PracticeClient: Sendable {
    /// The balances, or nil when nobody is signed in.
    public var balances: @Sendable () async throws(ParlorError) -> PracticeBalances?
    public var use: @Sendable (_ item: PracticeItem, _ key: String) async throws(ParlorError) -> PracticeUse
    /// Counts a finished game in the profile; false when that game was counted already.
    public var recordGame: @Sendable (FinishedGame) async throws -> Bool

    public init(
        balances: @escaping @Sendable () async throws(ParlorError) -> PracticeBalances?,
        use: @escaping @Sendable (_ item: PracticeItem, _ key: String) async throws(ParlorError) -> PracticeUse,
        recordGame: @escaping @Sendable (FinishedGame) async throws -> Bool
    ) {
        self.balances = balances
        self.use = use
        self.recordGame = recordGame
    }
}

extension PracticeClient {
    /// Over `client`'s session and `POST /purchases/uses`, for the app `bundleID`; finished games
    /// counted in `profiles` (none when nil).
    public static func live(_ client: ParlorClient, bundleID: String = AppBrand.quortex.bundleID, profiles: ProfileStore?) -> PracticeClient {
        PracticeClient(
            balances: { () async throws(ParlorError) -> PracticeBalances? in
                guard try await parlorCall({ try await client.session.current() }) != nil else { return nil }
                let owned: Components.Schemas.Entitlements
                do throws(ParlorError) {
                    owned = try await parlorCall { try await client.api.getEntitlements(query: .init(bundleId: bundleID)).ok.body.json }
                } catch where error.kind == .notAuthenticated || error.kind == .sessionExpired {
                    return nil
                }
                return PracticeBalances(undos: owned.undos, hints: owned.hints, unlimited: owned.unlimitedHintsAndUndos)
            },
            use: { item, key throws(ParlorError) in
                let request = Components.Schemas.PurchaseUseRequest(bundleId: bundleID, item: item == .undo ? .undo : .hint, useId: key)
                let answer = try await parlorCall { try await client.api.usePurchase(body: .json(request)).ok.body.json }
                return PracticeUse(remaining: answer.remaining, repeated: answer.repeated)
            },
            recordGame: { game in try await profiles?.recordGame(game) ?? false })
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = PracticeClient(
        balances: { () async throws(ParlorError) -> PracticeBalances? in throw Unimplemented.call("PracticeClient.balances") },
        use: { _, _ throws(ParlorError) in throw Unimplemented.call("PracticeClient.use") },
        recordGame: { _ in throw Unimplemented.call("PracticeClient.recordGame") })
}

extension PracticeClient: DependencyKey {
    /// The app's server, and the profile kept in the app's documents (the app may set its own).
    public static var liveValue: PracticeClient {
        @Dependency(\.parlorClient) var client
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
        let profiles = documents.map { ProfileStore(directory: $0.appendingPathComponent("Profile", isDirectory: true), defaultUsername: "Player") }
        return .live(client, profiles: profiles)
    }

    public static var testValue: PracticeClient { .unimplemented }
}

extension DependencyValues {
    public var practice: PracticeClient {
        get { self[PracticeClient.self] }
        set { self[PracticeClient.self] = newValue }
    }
}
