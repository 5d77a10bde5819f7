import Foundation
import GameCore
import PlayerProfiles

/// Fixed inputs for the profile tests: ids and dates are made from numbers so that failures are
/// reproducible and nothing reads the clock.
enum Fixture {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15T15:06:40Z
    static let crazyEights: GameType = "crazy-eights"
    static let highCard: GameType = "high-card"

    /// A UUID whose last two bytes are `number`.
    static func id(_ number: Int) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number)))
    }

    static let profileID = id(0xFFFF)

    /// The `number`th finished game, finishing `number` minutes after `start`.
    static func game(_ number: Int, _ gameType: GameType = crazyEights, won: Bool) -> FinishedGame {
        FinishedGame(id: id(number), gameType: gameType, won: won, finishedAt: start.addingTimeInterval(Double(number) * 60))
    }

    static func store(in directory: URL, at date: Date = start, username: String = "Player") -> ProfileStore {
        ProfileStore(directory: directory, defaultUsername: username, now: { date }, newProfileID: { profileID })
    }

    static func decodeProfile(_ json: String) throws -> PlayerProfile {
        try JSONDecoder().decode(PlayerProfile.self, from: Data(json.utf8))
    }

    static func decodeAvatar(_ json: String) throws -> AvatarConfig {
        try JSONDecoder().decode(AvatarConfig.self, from: Data(json.utf8))
    }

    /// A profile with something in every field.
    static var fullProfile: PlayerProfile {
        var profile = PlayerProfile(
            id: profileID, username: "Dana",
            avatar: AvatarConfig(hairSymbol: "hair.curly", accessorySymbol: "eyeglasses", backgroundColorHex: "#112233"),
            ownedProductIDs: ["avatar.hats", "avatar.capes", "theme.night"])
        profile.recordGame(game(1, won: true))
        profile.recordGame(game(2, highCard, won: false))
        return profile
    }
}

extension ProfileStore {
    /// The document's bytes, or nil when there is none.
    nonisolated var documentBytes: Data? {
        try? Data(contentsOf: files.document)
    }

    /// The names of the files in the store's directory, sorted.
    nonisolated var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: files.directory.path)) ?? []).sorted()
    }
}
