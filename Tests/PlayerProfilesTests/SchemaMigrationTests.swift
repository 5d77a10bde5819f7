import Foundation
import PlayerProfiles
import Testing
import TestSupport

@Suite struct SchemaMigrationTests {
    /// What the first release wrote: the bare profile, no envelope, and a version-0 avatar.
    static let schemaOneFile = ##"""
        {"id": "00000000-0000-4000-8000-000000000007", "username": "Old Timer",
         "avatar": {"baseSymbol": "person.fill", "colorHex": "#8D5524", "hairColorHex": "#000000", "backgroundColorHex": "#FFFFFF"},
         "globalStats": {"totalGamesPlayed": 3, "totalWins": 1},
         "statsByGameId": {"crazy-eights": {"gamesPlayed": 3, "wins": 1, "streakCurrent": 1, "streakBest": 1}},
         "ownedProductIDs": ["avatar.hats"]}
        """##

    @Test func schemaOneIsMigratedAndTheOriginalKept() async throws {
        try await withTemporaryDirectory { directory in
            let original = Data(Self.schemaOneFile.utf8)
            let store = Fixture.store(in: directory)
            try original.write(to: store.files.document)

            let profile = try await store.load()
            #expect(profile.id == Fixture.id(7))
            #expect(profile.username == "Old Timer")
            #expect(profile.avatar.skinColorHex == "#8D5524")
            #expect(profile.statsByGameType[Fixture.crazyEights]?.gamesPlayed == 3)
            #expect(profile.ownedProductIDs == ["avatar.hats"])

            #expect(store.fileNames == ["userProfile.json", "userProfile.v1.json"])
            #expect(try Data(contentsOf: store.files.migrationBackup(fromSchema: 1)) == original)
            let rewritten = try #require(store.documentBytes)
            let json = try #require(try JSONSerialization.jsonObject(with: rewritten) as? [String: Any])
            #expect(json["schemaVersion"] as? Int == 2)
            let avatar = (json["profile"] as? [String: Any])?["avatar"] as? [String: Any]
            #expect(avatar?["skinColorHex"] as? String == "#8D5524")
            #expect(avatar?["version"] as? Int == 1)

            // Once migrated, a relaunch reads the new file as it is.
            let relaunched = Fixture.store(in: directory)
            #expect(try await relaunched.load() == profile)
            #expect(relaunched.documentBytes == rewritten)
            #expect(try Data(contentsOf: store.files.migrationBackup(fromSchema: 1)) == original)
        }
    }

    @Test func aMigratedProfileKeepsCountingGames() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            try Data(Self.schemaOneFile.utf8).write(to: store.files.document)
            #expect(try await store.recordGame(Fixture.game(1, won: true)))
            let stats = try await Fixture.store(in: directory).load().statsByGameType[Fixture.crazyEights]
            #expect(stats?.gamesPlayed == 4)
            #expect(stats?.streakCurrent == 2)
        }
    }

    @Test func aNewerSchemaIsRefusedAndNeverTouched() async throws {
        try await withTemporaryDirectory { directory in
            let newer = Data(
                #"{"schemaVersion": 3, "profile": {"id": "\#(Fixture.profileID)", "username": "Future"}, "devices": []}"#.utf8)
            let store = Fixture.store(in: directory)
            try newer.write(to: store.files.document)
            let refusal = ProfileError.newerSchema(path: store.files.document.path, found: 3, supported: 2)

            await #expect(throws: refusal) { try await store.load() }
            await #expect(throws: refusal) { try await store.load(recoverCorrupt: true) }
            await #expect(throws: refusal) { try await store.update { $0.username = "Downgraded" } }
            await #expect(throws: refusal) { try await store.recordGame(Fixture.game(1, won: true)) }
            #expect(store.documentBytes == newer)
            #expect(store.fileNames == ["userProfile.json"])
            #expect(refusal.message.contains("schema version 3"))
        }
    }

    @Test(arguments: [
        ("not json at all", "not valid JSON"),
        ("", "not valid JSON"),
        (#"{"schemaVersion": 2, "profile": {"id": "00000000-0000-4000-8000-000000000007", "userna"#, "not valid JSON"),
        ("[1, 2]", "wrong type"),
        (#"{"schemaVersion": 2}"#, "missing field \"profile\""),
        (#"{"schemaVersion": "2", "profile": {}}"#, "schemaVersion"),
        (#"{"schemaVersion": 0, "profile": {}}"#, "unknown schema version 0"),
        (#"{"schemaVersion": 2, "profile": {"id": "not-a-uuid", "username": "Sam"}}"#, "profile.id"),
        (#"{"id": "00000000-0000-4000-8000-000000000007"}"#, "missing field \"username\""),
    ])
    func aCorruptFileIsAnErrorAndLeftWhereItIs(contents: String, reason: String) async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let bytes = Data(contents.utf8)
            try bytes.write(to: store.files.document)
            await #expect {
                try await store.load()
            } throws: { error in
                guard case .corruptFile(let path, let message)? = error as? ProfileError else { return false }
                return path == store.files.document.path && message.contains(reason)
            }
            #expect(store.documentBytes == bytes)
            #expect(store.fileNames == ["userProfile.json"])
        }
    }

    @Test func recoveringSetsTheCorruptFileAsideAndStartsAfresh() async throws {
        try await withTemporaryDirectory { directory in
            let corrupt = Data(#"{"schemaVersion": 2, "profile": {"#.utf8)
            let store = Fixture.store(in: directory)
            try corrupt.write(to: store.files.document)

            let profile = try await store.load(recoverCorrupt: true)
            #expect(profile.username == "Player")
            #expect(profile.globalStats == GlobalStats())
            let setAside = directory.appendingPathComponent("userProfile.corrupt-20250615T150640Z.json")
            #expect(await store.setAsideCorruptFile == setAside)
            #expect(try Data(contentsOf: setAside) == corrupt)
            #expect(store.fileNames == ["userProfile.corrupt-20250615T150640Z.json", "userProfile.json"])
            #expect(try await Fixture.store(in: directory).load() == profile)
        }
    }

    @Test func aSecondRecoveryInTheSameSecondKeepsBothCopies() async throws {
        try await withTemporaryDirectory { directory in
            for attempt in 1...2 {
                let store = Fixture.store(in: directory)
                try Data("broken \(attempt)".utf8).write(to: store.files.document)
                _ = try await store.load(recoverCorrupt: true)
            }
            let first = directory.appendingPathComponent("userProfile.corrupt-20250615T150640Z.json")
            let second = directory.appendingPathComponent("userProfile.corrupt-20250615T150640Z-2.json")
            #expect(try Data(contentsOf: first) == Data("broken 1".utf8))
            #expect(try Data(contentsOf: second) == Data("broken 2".utf8))
        }
    }
}
