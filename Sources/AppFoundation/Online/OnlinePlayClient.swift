import Dependencies
import Foundation
import GameSession
import ParlorClient

/// Every outside effect of the online flow: the server's API, the device id a guest is made
/// with, the opened game's endpoint and the player's profile. The live value is built per
/// server and profile (``live(_:deviceIDFile:offlineQueueFile:profiles:)``) and set with
/// `withDependencies`; tests set closures that answer without a server.
public struct OnlinePlayClient: Sendable {
    /// The user of the stored session, when the server still takes it; nil when there is none.
    public var resumeSession: @Sendable () async throws -> OnlinePlayer?
    /// Signs in as the guest of this device id (the same id is the same guest every time).
    public var signInAsGuest: @Sendable (_ deviceID: String) async throws -> OnlinePlayer
    /// Where this profile's device id is kept: the id its guest was made with, made once.
    public var device: DeviceIdentity
    public var createGame: @Sendable (OnlineGameRequest) async throws -> OnlineGameSummary
    public var joinByCode: @Sendable (_ code: String) async throws -> OnlineGameSummary
    public var enterQuickMatch: @Sendable (OnlineGameRequest) async throws -> Void
    /// The game quick match found, or nil while it still waits.
    public var quickMatch: @Sendable () async throws -> String?
    public var cancelQuickMatch: @Sendable () async throws -> Void
    public var game: @Sendable (_ id: String) async throws -> OnlineGameSummary
    public var resign: @Sendable (_ id: String) async throws -> Void
    public var games: any OnlineGameOpening
    /// Counts a finished match in the player's profile (the profile ignores a match id it has).
    public var recordMatch: @Sendable (FinishedMatch) async throws -> Void

    public init(
        resumeSession: @escaping @Sendable () async throws -> OnlinePlayer?,
        signInAsGuest: @escaping @Sendable (String) async throws -> OnlinePlayer,
        device: DeviceIdentity,
        createGame: @escaping @Sendable (OnlineGameRequest) async throws -> OnlineGameSummary,
        joinByCode: @escaping @Sendable (String) async throws -> OnlineGameSummary,
        enterQuickMatch: @escaping @Sendable (OnlineGameRequest) async throws -> Void,
        quickMatch: @escaping @Sendable () async throws -> String?, cancelQuickMatch: @escaping @Sendable () async throws -> Void,
        game: @escaping @Sendable (String) async throws -> OnlineGameSummary, resign: @escaping @Sendable (String) async throws -> Void,
        games: any OnlineGameOpening, recordMatch: @escaping @Sendable (FinishedMatch) async throws -> Void
    ) {
        self.resumeSession = resumeSession
        self.signInAsGuest = signInAsGuest
        self.device = device
        self.createGame = createGame
        self.joinByCode = joinByCode
        self.enterQuickMatch = enterQuickMatch
        self.quickMatch = quickMatch
        self.cancelQuickMatch = cancelQuickMatch
        self.game = game
        self.resign = resign
        self.games = games
        self.recordMatch = recordMatch
    }
}

extension OnlinePlayClient: DependencyKey {
    /// No server has been chosen: the app (or `parlor play --server`) sets the live value for
    /// the server and profile it plays with, so every call here says so.
    public static var liveValue: OnlinePlayClient { .failing("no server was chosen for online play") }

    /// Each test sets the closures it expects to be called; any other call fails the test's flow.
    public static var testValue: OnlinePlayClient { .failing("not set in this test") }

    /// Every call fails with a ParlorError naming the call, and nothing is recorded.
    public static func failing(_ why: String) -> OnlinePlayClient {
        @Sendable func refuse(_ call: String) -> ParlorError {
            ParlorError(kind: .unexpectedResponse, code: "unconfigured", message: "OnlinePlayClient.\(call): \(why)")
        }
        return OnlinePlayClient(
            resumeSession: { throw refuse("resumeSession") }, signInAsGuest: { _ in throw refuse("signInAsGuest") },
            device: DeviceIdentity(load: { nil }, save: { _ in throw refuse("device.save") }),
            createGame: { _ in throw refuse("createGame") }, joinByCode: { _ in throw refuse("joinByCode") },
            enterQuickMatch: { _ in throw refuse("enterQuickMatch") }, quickMatch: { throw refuse("quickMatch") },
            cancelQuickMatch: { throw refuse("cancelQuickMatch") }, game: { _ in throw refuse("game") },
            resign: { _ in throw refuse("resign") }, games: FailingGameOpening(error: refuse("games.open")),
            recordMatch: { _ in throw refuse("recordMatch") })
    }
}

extension DependencyValues {
    public var onlinePlay: OnlinePlayClient {
        get { self[OnlinePlayClient.self] }
        set { self[OnlinePlayClient.self] = newValue }
    }
}

private struct FailingGameOpening: OnlineGameOpening {
    let error: ParlorError

    func open<Module>(_ game: UUID, as module: Module.Type) async throws -> OnlineGameLink<Module> { throw error }
}
