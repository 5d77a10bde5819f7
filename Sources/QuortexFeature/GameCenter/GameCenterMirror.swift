import AppFoundation
import Dependencies
import Observation
import ParlorClient

/// Game Center as a mirror of the server (seed 000 §5.3): the player signs in to Game Center in
/// the background, and their scores and achievements are reported from the server's results
/// (their entry on each board, their achievement progress), never counted on the device, under
/// the ids ``GameCenterIDs`` derives. A value already reported is not sent again, so Game Center
/// shows what the server says and nothing else.
@MainActor @Observable
public final class GameCenterMirror {
    public private(set) var player: GameCenterPlayer?
    public private(set) var isSyncing = false
    /// Game Center ids reported by the last sync.
    public private(set) var lastReported: [String] = []
    public private(set) var error: ErrorPresentation?
    /// Home is on screen: the access point shows there only.
    public private(set) var isHomeVisible = false

    @ObservationIgnored @Dependency(\.gameCenter) private var gameCenter
    @ObservationIgnored @Dependency(\.gameCenterResults) private var results
    @ObservationIgnored @Dependency(\.gameCenterLedger) private var ledger

    public init() {}

    public var isSignedIn: Bool { player != nil }
    /// The access point shows on Home once the player is signed in to Game Center.
    public var showsAccessPoint: Bool { isSignedIn }

    /// Signs in to Game Center without interrupting (at launch), then mirrors the results.
    public func start() async {
        player = await gameCenter.authenticate()
        gameCenter.setAccessPointVisible(isHomeVisible && showsAccessPoint)
        await sync()
    }

    /// Home appears or goes: the access point follows it.
    public func homeVisibilityChanged(_ visible: Bool) {
        isHomeVisible = visible
        gameCenter.setAccessPointVisible(visible && showsAccessPoint)
    }

    /// Reports the server's results that Game Center does not have yet (after a finished game,
    /// at launch). Nothing is read or sent while the player is not signed in to Game Center.
    public func sync() async {
        guard isSignedIn, !isSyncing else { return }
        isSyncing = true
        defer { isSyncing = false }
        var reported = ledger.load()
        var sent: [String] = []
        do throws(ParlorError) {
            for score in try await results.myScores() {
                guard let id = GameCenterIDs.leaderboard(board: score.board), reported[id] != Double(score.score) else { continue }
                try await gameCenter.submitScore(score.score, id)
                reported[id] = Double(score.score)
                ledger.save(reported)
                sent.append(id)
            }
            for achievement in try await results.myAchievements() where achievement.percent > 0 {
                let id = GameCenterIDs.achievement(game: achievement.game, key: achievement.key)
                // Game Center keeps the highest percent reported; the server's only grows.
                guard (reported[id] ?? 0) < achievement.percent else { continue }
                try await gameCenter.reportAchievement(id, achievement.percent)
                reported[id] = achievement.percent
                ledger.save(reported)
                sent.append(id)
            }
            error = nil
        } catch {
            self.error = ErrorPresentation(error)
        }
        lastReported = sent
    }
}
