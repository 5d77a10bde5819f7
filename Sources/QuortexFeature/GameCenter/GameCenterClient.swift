import AppFoundation
import Dependencies
import Foundation
import ParlorClient

/// The signed-in Game Center player.
public struct GameCenterPlayer: Equatable, Sendable {
    public var displayName: String

    public init(displayName: String) {
        self.displayName = displayName
    }
}

/// What GameKit signs to prove who the local player is (`fetchItems(forIdentityVerificationSignature:)`).
public struct GameCenterIdentityProof: Equatable, Sendable {
    public var publicKeyURL: URL
    public var signature: Data
    public var salt: Data
    public var timestamp: UInt64
    public var teamPlayerID: String

    public init(publicKeyURL: URL, signature: Data, salt: Data, timestamp: UInt64, teamPlayerID: String) {
        self.publicKeyURL = publicKeyURL
        self.signature = signature
        self.salt = salt
        self.timestamp = timestamp
        self.teamPlayerID = teamPlayerID
    }
}

/// Game Center, as the app uses it: sign in quietly, report a leaderboard score and an
/// achievement's percent, show the access point. Live over GameKit
/// (`QuortexUI/Apple/GameCenterClient+GameKit.swift`); a test sets its own closures.
public struct GameCenterClient: Sendable {
    /// Signs the local player in in the background; nil when they are not signed in to Game Center.
    public var authenticate: @Sendable () async -> GameCenterPlayer?
    public var submitScore: @Sendable (_ score: Int, _ leaderboardID: String) async throws(ParlorError) -> Void
    public var reportAchievement: @Sendable (_ achievementID: String, _ percent: Double) async throws(ParlorError) -> Void
    public var setAccessPointVisible: @Sendable @MainActor (_ visible: Bool) -> Void
    /// SEAM, NOT CALLED: linking the Game Center identity to the Parlor account needs the server
    /// to verify GameKit's identity signature (Apple's public key at `publicKeyURL` over the
    /// player id, bundle id, timestamp and salt), which it cannot do yet. When it can, the
    /// account screen sends this proof to a sign-in method of its own; until then nothing asks.
    public var identityProof: @Sendable () async throws(ParlorError) -> GameCenterIdentityProof

    public init(
        authenticate: @escaping @Sendable () async -> GameCenterPlayer?,
        submitScore: @escaping @Sendable (_ score: Int, _ leaderboardID: String) async throws(ParlorError) -> Void,
        reportAchievement: @escaping @Sendable (_ achievementID: String, _ percent: Double) async throws(ParlorError) -> Void,
        setAccessPointVisible: @escaping @Sendable @MainActor (_ visible: Bool) -> Void,
        identityProof: @escaping @Sendable () async throws(ParlorError) -> GameCenterIdentityProof
    ) {
        self.authenticate = authenticate
        self.submitScore = submitScore
        self.reportAchievement = reportAchievement
        self.setAccessPointVisible = setAccessPointVisible
        self.identityProof = identityProof
    }

    /// No Game Center here (Linux, the terminal): never signed in, so nothing is reported.
    public static let unavailable = GameCenterClient(
        authenticate: { nil },
        submitScore: { _, _ throws(ParlorError) in throw GameCenterClient.notAvailable },
        reportAchievement: { _, _ throws(ParlorError) in throw GameCenterClient.notAvailable },
        setAccessPointVisible: { _ in },
        identityProof: { () async throws(ParlorError) -> GameCenterIdentityProof in throw GameCenterClient.notAvailable })

    public static let unimplemented = GameCenterClient(
        authenticate: {
            reportIssue("GameCenterClient.authenticate is not set in this test")
            return nil
        },
        submitScore: { _, _ throws(ParlorError) in throw Unimplemented.call("GameCenterClient.submitScore") },
        reportAchievement: { _, _ throws(ParlorError) in throw Unimplemented.call("GameCenterClient.reportAchievement") },
        setAccessPointVisible: { _ in reportIssue("GameCenterClient.setAccessPointVisible is not set in this test") },
        identityProof: { () async throws(ParlorError) -> GameCenterIdentityProof in throw Unimplemented.call("GameCenterClient.identityProof") })

    public static let notAvailable = ParlorError(kind: .unexpectedResponse, code: "game_center_unavailable", message: "Game Center is not available here")
}

extension GameCenterClient: DependencyKey {
    /// The app sets the GameKit value at launch (`GameCenterClient.gameKit`); elsewhere there is none.
    public static var liveValue: GameCenterClient { .unavailable }
    public static var testValue: GameCenterClient { .unimplemented }
}

extension DependencyValues {
    public var gameCenter: GameCenterClient {
        get { self[GameCenterClient.self] }
        set { self[GameCenterClient.self] = newValue }
    }
}
