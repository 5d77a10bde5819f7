import Foundation
import PlayerProfiles
import Testing
import TestSupport

@Suite struct ProfileBackupTests {
    @Test func aBackupRestoresTheProfileOnANewDevice() async throws {
        try await withTemporaryDirectory { directory in
            let backup = InMemoryProfileBackup()
            let phone = Fixture.store(in: directory.appendingPathComponent("phone"))
            try await phone.update { $0.username = "Traveller" }
            try await phone.recordGame(Fixture.game(1, won: true))
            try await phone.backUp(to: backup)

            let tablet = ProfileStore(
                directory: directory.appendingPathComponent("tablet"), defaultUsername: "Player", newProfileID: { Fixture.id(99) })
            let restored = try await tablet.restore(from: backup)
            #expect(restored == (try await phone.load()))
            #expect(try await ProfileStore(directory: tablet.files.directory, defaultUsername: "Player").load() == restored)
            // The restored ids still guard against a result delivered again.
            #expect(try await !tablet.recordGame(Fixture.game(1, won: true)))
        }
    }

    @Test func anEmptyBackupRestoresNothing() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let restored = try await store.restore(from: InMemoryProfileBackup())
            #expect(restored == nil)
            #expect(store.fileNames.isEmpty)
        }
    }

    @Test func moreThanAMegabyteIsRefused() async throws {
        let backup = InMemoryProfileBackup()
        let tooLarge = Data(count: InMemoryProfileBackup.maximumBytes + 1)
        await #expect(throws: ProfileError.backupTooLarge(bytes: 1_000_001, limit: 1_000_000)) {
            try await backup.save(tooLarge)
        }
        #expect(await backup.data == nil)
        try await backup.save(Data(count: InMemoryProfileBackup.maximumBytes))
    }

    @Test func aBackupFromANewerBuildIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            let newer = InMemoryProfileBackup(data: Data(#"{"schemaVersion": 9, "profile": {}}"#.utf8))
            await #expect {
                try await store.restore(from: newer)
            } throws: { error in
                "\(error)".contains("schema version 9")
            }
        }
    }
}
