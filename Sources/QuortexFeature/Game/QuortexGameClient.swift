import AppFoundation
import Dependencies
import Foundation
import GameSession
import ParlorClient
import Quortex

/// The online game screen's outside effects: the game as the server has it, opening it for
/// play, resigning, the server's hint, the player's rating, the rematch and the replay. Live over
/// the app's ``ParlorClient`` (``live(_:offlineQueueFile:)``); in tests whatever the test sets.
public struct QuortexGameClient: Sendable {
    public var game: @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameDetails
    /// Follows the game: its endpoint on a real-time connection, with the offline queue behind it.
    public var open: @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameConnection
    /// The same over an endpoint the online match flow already opened (its chat and queue come
    /// with it when it is the SDK's endpoint).
    public var attach: @Sendable (_ endpoint: any GameSessionEndpoint<Quortex>) async -> QuortexGameConnection
    public var resign: @Sendable (_ id: UUID) async throws(ParlorError) -> Void
    /// The strongest bot's placement for the player's turn; spends a hint once per `hintID`.
    public var hint: @Sendable (_ id: UUID, _ hintID: String) async throws(ParlorError) -> QuortexHint
    /// The player's Quortex rating; nil before their first rated game.
    public var rating: @Sendable () async throws(ParlorError) -> Int?
    /// Offers a rematch, or takes the player's place in the one offered: the rematch game.
    public var rematch: @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameDetails
    /// The rematch another player of finished game `id` offered, nil while none is.
    public var rematchOffer: @Sendable (_ id: UUID) async throws(ParlorError) -> UUID?
    /// A finished game's replay, to share.
    public var replay: @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexReplay

    public init(
        game: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameDetails,
        open: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameConnection,
        attach: @escaping @Sendable (_ endpoint: any GameSessionEndpoint<Quortex>) async -> QuortexGameConnection,
        resign: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> Void,
        hint: @escaping @Sendable (_ id: UUID, _ hintID: String) async throws(ParlorError) -> QuortexHint,
        rating: @escaping @Sendable () async throws(ParlorError) -> Int?,
        rematch: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexGameDetails,
        rematchOffer: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> UUID?,
        replay: @escaping @Sendable (_ id: UUID) async throws(ParlorError) -> QuortexReplay
    ) {
        self.game = game
        self.open = open
        self.attach = attach
        self.resign = resign
        self.hint = hint
        self.rating = rating
        self.rematch = rematch
        self.rematchOffer = rematchOffer
        self.replay = replay
    }

    /// Fails the test that calls it: a test sets the closures its model uses.
    public static let unimplemented = QuortexGameClient(
        game: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.game") },
        open: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.open") },
        attach: { endpoint in
            _ = Unimplemented.call("QuortexGameClient.attach")
            return .unimplemented(endpoint)
        },
        resign: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.resign") },
        hint: { _, _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.hint") },
        rating: { () async throws(ParlorError) -> Int? in throw Unimplemented.call("QuortexGameClient.rating") },
        rematch: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.rematch") },
        rematchOffer: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.rematchOffer") },
        replay: { _ throws(ParlorError) in throw Unimplemented.call("QuortexGameClient.replay") })
}

extension QuortexGameClient: DependencyKey {
    public static var liveValue: QuortexGameClient {
        @Dependency(\.parlorClient) var client
        let queue = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?
            .appendingPathComponent("Parlor/quortex-moves.json")
        return .live(client, offlineQueueFile: queue)
    }

    public static var testValue: QuortexGameClient { .unimplemented }
}

extension DependencyValues {
    public var quortexGame: QuortexGameClient {
        get { self[QuortexGameClient.self] }
        set { self[QuortexGameClient.self] = newValue }
    }
}
