import Foundation
import PlayerProfiles
import Testing
import TestSupport

/// A process can die at any moment of a write. These tests leave on disk what such a death leaves
/// and check that the next launch finds the last complete profile.
@Suite struct AtomicWriteTests {
    @Test func unfinishedWritesAreIgnoredAndRemoved() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            try await store.update { $0.username = "Last Good" }
            let good = try #require(store.documentBytes)

            // The next write's temporary file, cut off halfway, and another one cut off almost at
            // once: what a crash before the rename leaves next to the real file.
            let newer = try await store.update { profile -> Data in
                profile.username = "Never Saved"
                return try JSONEncoder().encode(profile)
            }
            try Data(newer.prefix(newer.count / 2)).write(to: store.files.document.appendingPathExtension("tmp-\(UUID())"))
            try Data(good.prefix(3)).write(to: store.files.document.appendingPathExtension("tmp-\(UUID())"))
            try good.write(to: store.files.document)  // back to the last good file
            #expect(store.fileNames.count == 3)

            let relaunched = Fixture.store(in: directory)
            #expect(try await relaunched.load().username == "Last Good")
            #expect(relaunched.fileNames == ["userProfile.json"])
            #expect(relaunched.documentBytes == good)
        }
    }

    @Test func onlyFilesNamedAsUnfinishedWritesAreRemoved() async throws {
        try await withTemporaryDirectory { directory in
            let keep = ["notes.txt", "userProfile.json.bak", "tmp-userProfile.json"]
            for name in keep { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
            try Data("{".utf8).write(to: directory.appendingPathComponent("userProfile.json.tmp-1"))
            let store = Fixture.store(in: directory)
            _ = try await store.load()
            #expect(store.fileNames == (keep + ["userProfile.json"]).sorted())
        }
    }

    @Test func everyWriteReplacesTheWholeFileAndLeavesNoTemporaryFiles() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            // A long name then a short one: an in-place write without truncation would leave a tail.
            try await store.update { $0.username = String(repeating: "L", count: 24) }
            try await store.update { $0.username = "S" }
            for number in 0..<10 { try await store.recordGame(Fixture.game(number, won: true)) }
            #expect(store.fileNames == ["userProfile.json"])
            let onDisk = try JSONSerialization.jsonObject(with: #require(store.documentBytes)) as? [String: Any]
            #expect((onDisk?["profile"] as? [String: Any])?["username"] as? String == "S")
        }
    }

    @Test func theSameProfileAlwaysWritesTheSameBytes() async throws {
        try await withTemporaryDirectory { directory in
            let store = Fixture.store(in: directory)
            try await store.update { $0.ownedProductIDs = ["b", "c", "a"] }
            let first = store.documentBytes
            try await store.update { $0.ownedProductIDs = ["a"] }
            try await store.update { $0.ownedProductIDs = ["c", "a", "b"] }
            #expect(store.documentBytes == first)
        }
    }
}
