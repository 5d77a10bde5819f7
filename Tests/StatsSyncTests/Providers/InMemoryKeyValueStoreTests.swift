import Foundation
import Testing

@testable import StatsSyncDevice

@Suite struct InMemoryKeyValueStoreTests {
    /// Everything the store holds, to check a refused write changed nothing.
    private func contents(_ store: InMemoryKeyValueStore) async -> [String: Data] {
        var contents: [String: Data] = [:]
        for key in await store.allKeys() { contents[key] = await store.data(forKey: key) }
        return contents
    }

    @Test func keysAreLimitedTo64BytesOfUTF8() async throws {
        let store = InMemoryKeyValueStore()
        try await store.set(Data([1]), forKey: String(repeating: "k", count: 64))
        try await store.set(Data([1]), forKey: String(repeating: "é", count: 32))  // 64 bytes, 32 characters
        let before = await contents(store)
        await #expect(throws: KeyValueQuotaError.keyTooLong(key: String(repeating: "k", count: 65), bytes: 65, limit: 64)) {
            try await store.set(Data([1]), forKey: String(repeating: "k", count: 65))
        }
        await #expect(throws: KeyValueQuotaError.self) {
            try await store.set(Data([1]), forKey: String(repeating: "é", count: 32) + "k")
        }
        await #expect(throws: KeyValueQuotaError.emptyKey) { try await store.set(Data([1]), forKey: "") }
        #expect(await contents(store) == before)
        #expect(await store.totalBytes == 64 + 1 + 64 + 1)
    }

    @Test func atMost1024Keys() async throws {
        let store = InMemoryKeyValueStore()
        for index in 0..<1024 { try await store.set(Data(), forKey: "key\(index)") }
        let before = await contents(store)
        let bytes = await store.totalBytes
        await #expect(throws: KeyValueQuotaError.tooManyKeys(limit: 1024)) {
            try await store.set(Data(), forKey: "one-more")
        }
        #expect(await contents(store) == before)
        #expect(await store.totalBytes == bytes)
        try await store.set(Data([7]), forKey: "key5")  // replacing is not a new key
        await store.removeValue(forKey: "key0")
        try await store.set(Data(), forKey: "one-more")
        #expect(await store.keyCount == 1024)
    }

    @Test func atMostOneMegabyteOfKeysAndValues() async throws {
        let store = InMemoryKeyValueStore()
        let limit = KeyValueStoreLimits.iCloud.totalBytes
        #expect(limit == 1_048_576)
        try await store.set(Data(count: limit - 1 - 3), forKey: "big")  // key 3 bytes
        try await store.set(Data(), forKey: "x")  // the last byte: the key itself
        #expect(await store.totalBytes == limit)
        let before = await contents(store)
        await #expect(throws: KeyValueQuotaError.totalTooLarge(bytes: limit + 1, limit: limit)) {
            try await store.set(Data([1]), forKey: "x")
        }
        await #expect(throws: KeyValueQuotaError.totalTooLarge(bytes: limit + 2, limit: limit)) {
            try await store.set(Data(), forKey: "yz")
        }
        await #expect(throws: KeyValueQuotaError.self) {
            try await store.set(Data(count: limit - 3), forKey: "big")
        }
        #expect(await contents(store) == before)
        #expect(await store.totalBytes == limit)
        // Shrinking and removing free space.
        try await store.set(Data(count: 10), forKey: "big")
        #expect(await store.totalBytes == 3 + 10 + 1)
        await store.removeValue(forKey: "big")
        #expect(await store.totalBytes == 1)
    }

    @Test func aSingleValueIsLimitedToTheValueLimit() async throws {
        let store = InMemoryKeyValueStore(
            limits: KeyValueStoreLimits(totalBytes: 1000, maximumKeys: 4, maximumKeyBytes: 8, maximumValueBytes: 100))
        try await store.set(Data(count: 100), forKey: "a")
        await #expect(throws: KeyValueQuotaError.valueTooLarge(key: "b", bytes: 101, limit: 100)) {
            try await store.set(Data(count: 101), forKey: "b")
        }
        #expect(await store.allKeys() == ["a"])
    }

    @Test func theLastWriteOfAKeyWins() async throws {
        let store = InMemoryKeyValueStore()
        try await store.set(Data("first".utf8), forKey: "k")
        try await store.set(Data("second".utf8), forKey: "k")
        #expect(await store.data(forKey: "k") == Data("second".utf8))
        #expect(await store.totalBytes == 1 + 6)
    }
}
