#if canImport(GameKit)
import Foundation
import GameKit
import ParlorClient
import QuortexFeature

extension GameCenterClient {
    /// Over GameKit's local player. The sign-in is quiet: when GameKit hands a sign-in screen
    /// (the player is not signed in to Game Center on this device) it is not shown over the game;
    /// the player is simply not signed in, and nothing is mirrored.
    public static var gameKit: GameCenterClient {
        GameCenterClient(
            authenticate: {
                await withCheckedContinuation { (continuation: CheckedContinuation<GameCenterPlayer?, Never>) in
                    let once = ResumeOnce()
                    // GameKit calls the handler again whenever the sign-in changes; the first answer is this call's.
                    GKLocalPlayer.local.authenticateHandler = { _, _ in
                        let player = GKLocalPlayer.local
                        let signedIn = player.isAuthenticated ? GameCenterPlayer(displayName: player.displayName) : nil
                        if once.claim() { continuation.resume(returning: signedIn) }
                    }
                }
            },
            submitScore: { score, leaderboardID throws(ParlorError) in
                do {
                    try await GKLeaderboard.submitScore(score, context: 0, player: GKLocalPlayer.local, leaderboardIDs: [leaderboardID])
                } catch {
                    throw gameCenterError(error)
                }
            },
            reportAchievement: { achievementID, percent throws(ParlorError) in
                let achievement = GKAchievement(identifier: achievementID)
                achievement.percentComplete = percent
                achievement.showsCompletionBanner = true
                do {
                    try await GKAchievement.report([achievement])
                } catch {
                    throw gameCenterError(error)
                }
            },
            setAccessPointVisible: { visible in
                GKAccessPoint.shared.location = .topTrailing
                GKAccessPoint.shared.isActive = visible
            },
            identityProof: { () async throws(ParlorError) -> GameCenterIdentityProof in
                // The seam GameCenterClient.identityProof documents: not called until the server verifies it.
                do {
                    let player = GKLocalPlayer.local
                    let (url, signature, salt, timestamp) = try await player.fetchItemsForIdentityVerificationSignature()
                    return GameCenterIdentityProof(
                        publicKeyURL: url, signature: signature, salt: salt, timestamp: timestamp, teamPlayerID: player.teamPlayerID)
                } catch {
                    throw gameCenterError(error)
                }
            })
    }

    private static func gameCenterError(_ error: any Error) -> ParlorError {
        ParlorError(kind: .unexpectedResponse, code: "game_center", message: "Game Center: \(error.localizedDescription)")
    }
}

/// Lets one of several callbacks resume a continuation.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !claimed else { return false }
        claimed = true
        return true
    }
}
#endif
