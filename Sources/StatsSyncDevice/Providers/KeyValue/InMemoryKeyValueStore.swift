import Foundation

/// A key-value store in memory that enforces every limit exactly: the reference semantics of
/// `KeyValueStore`. Several providers sharing one instance model devices sharing one iCloud
/// account; the last `set` of a key wins, as between devices on iCloud.
public actor InMemoryKeyValueStore: KeyValueStore {
    public nonisolated let limits: KeyValueStoreLimits
    private var values: [String: Data] = [:]
    /// Key bytes plus value bytes of everything held.
    public private(set) var totalBytes = 0
    /// Successful `set` calls, for tests that check a write was skipped.
    public private(set) var writes = 0

    public init(limits: KeyValueStoreLimits = .iCloud) {
        self.limits = limits
    }

    public func data(forKey key: String) -> Data? { values[key] }

    public func set(_ data: Data, forKey key: String) throws(KeyValueQuotaError) {
        let existing = values[key]?.count
        try limits.check(key: key, valueBytes: data.count, replacing: existing, totalBytes: totalBytes, keys: values.count)
        totalBytes += data.count - (existing ?? -key.utf8.count)
        values[key] = data
        writes += 1
    }

    public func removeValue(forKey key: String) {
        guard let removed = values.removeValue(forKey: key) else { return }
        totalBytes -= key.utf8.count + removed.count
    }

    public func allKeys() -> [String] { values.keys.sorted() }

    public func synchronize() {}

    public var keyCount: Int { values.count }
}
