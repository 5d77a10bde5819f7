import Foundation
import GameCore
import PlayerProfiles
import Testing
import TestSupport

@Suite struct ProfileStoreTests {
    @Test func firstLaunchCreatesAndSavesADefaultProfile() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory, username: "  New Player ")
            let profile = try await store.load()
            #expect(profile.id == Fixture.profileID)
            #expect(profile.username == "New Player")
            #expect(profile.globalStats == GlobalStats())
            #expect(store.fileNames == ["userProfile.json"])
            let bytes = try #require(store.documentBytes)
            let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(json["schemaVersion"] as? Int == 2)
            #expect((json["profile"] as? [String: Any])?["username"] as? String == "New Player")
        }
    }

    @Test func theStoredProfileIsLoadedRatherThanRecreated() async throws {
        try await withTemporaryDirectory { directory in
            let created = try await Fixture.store(in: directory).load()
            let reopened = ProfileStore(directory: directory, defaultUsername: "Other", newProfileID: { Fixture.id(42) })
            #expect(try await reopened.load() == created)
        }
    }

    @Test func aMissingDirectoryIsCreated() async throws {
        try await withTemporaryDirectory { directory in
            let nested = directory.appendingPathComponent("Documents/Profiles")
            _ = try await Fixture.store(in: nested).load()
            #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("userProfile.json").path))
        }
    }

    @Test func anInvalidDefaultUsernameIsRefusedAndNothingIsWritten() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory, username: " ")
            await #expect(throws: ProfileError.invalidField(field: "username", reason: "must not be empty")) {
                try await store.load()
            }
            #expect(store.fileNames.isEmpty)
        }
    }

    @Test func updatesPersistAcrossStoreInstances() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let returned = try await store.update { profile in
                profile.username = " Robin "
                profile.avatar.hairSymbol = "hair.long"
                profile.ownedProductIDs.insert("theme.neon")
                return profile.ownedProductIDs.count
            }
            #expect(returned == 1)
            let reloaded = try await Fixture.store(in: directory).load()
            #expect(reloaded.username == "Robin")
            #expect(reloaded.avatar.hairSymbol == "hair.long")
            #expect(reloaded.ownedProductIDs == ["theme.neon"])
        }
    }

    @Test func anInvalidUpdateIsRefusedAndNothingChanges() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let before = try await store.load()
            let bytes = store.documentBytes
            await #expect {
                try await store.update { profile in
                    profile.ownedProductIDs.insert("theme.neon")
                    profile.avatar.skinColorHex = "#12345"
                }
            } throws: { error in
                "\(error)".contains("avatar.skinColorHex")
            }
            #expect(try await store.load() == before)
            #expect(store.documentBytes == bytes)
        }
    }

    @Test func anUpdateThatThrowsSavesNothing() async throws {
        struct Cancelled: Error {}
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let before = try await store.load()
            await #expect(throws: Cancelled.self) {
                try await store.update { profile in
                    profile.username = "Halfway"
                    throw Cancelled()
                }
            }
            #expect(try await store.load() == before)
        }
    }

    @Test func recordedGamesCountOnceEvenAfterAReload() async throws {
        try await withTemporaryDirectory { directory in
            let first = Fixture.store(in: directory)
            #expect(try await first.recordGame(Fixture.game(1, won: true)))
            #expect(try await first.recordGame(Fixture.game(2, won: true)))
            #expect(try await !first.recordGame(Fixture.game(2, won: true)))

            // A relaunched app receiving the host's resent result.
            let second = Fixture.store(in: directory)
            #expect(try await !second.recordGame(Fixture.game(2, won: true)))
            let profile = try await second.load()
            #expect(profile.globalStats == GlobalStats(totalGamesPlayed: 2, totalWins: 2))
            #expect(profile.statsByGameType[Fixture.crazyEights]?.streakCurrent == 2)
            #expect(profile.recordedGameIDs == [Fixture.id(1), Fixture.id(2)])
        }
    }

    @Test func aRepeatOrAnUpdateThatChangesNothingWritesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            try await store.recordGame(Fixture.game(1, won: true))
            // With the file gone, any write would show up as a new file.
            try FileManager.default.removeItem(at: store.files.document)
            #expect(try await !store.recordGame(Fixture.game(1, won: false)))
            try await store.update { $0.username = "Player" }
            #expect(store.fileNames.isEmpty)
        }
    }

    @Test func concurrentRecordingsAllLandExactlyOnce() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let games = (0..<40).map { Fixture.game($0, won: $0 % 3 != 0) }
            // Every game delivered three times, from as many tasks at once.
            let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for game in games + games + games {
                    group.addTask { try await store.recordGame(game) }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(counted == games.count)
            let expected = GlobalStats(totalGamesPlayed: 40, totalWins: games.filter(\.won).count)
            #expect(try await store.load().globalStats == expected)
            let reloaded = try await Fixture.store(in: directory).load()
            #expect(reloaded.globalStats == expected)
            #expect(Set(reloaded.recordedGameIDs) == Set(games.map(\.id)))
            #expect(store.fileNames == ["userProfile.json"])
        }
    }
}
