import Foundation

/// A small synced key-value store with per-key last-writer-wins between devices, modelled on
/// iCloud's `NSUbiquitousKeyValueStore`. Implementations refuse a write that would break one of
/// `limits` with a `KeyValueQuotaError` and leave the store unchanged.
public protocol KeyValueStore: Sendable {
    var limits: KeyValueStoreLimits { get }
    func data(forKey key: String) async -> Data?
    func set(_ data: Data, forKey key: String) async throws
    func removeValue(forKey key: String) async
    func allKeys() async -> [String]
    /// Pushes local changes out and pulls remote ones in, where the store has such a step.
    func synchronize() async
    /// Whether the store can be used now (an iCloud account is signed in).
    func availability() async -> ProviderAvailability
}

extension KeyValueStore {
    public func availability() async -> ProviderAvailability { .available }
}

/// The limits of a key-value store. Sizes count UTF-8 key bytes plus value bytes.
public struct KeyValueStoreLimits: Hashable, Sendable {
    public var totalBytes: Int
    public var maximumKeys: Int
    public var maximumKeyBytes: Int
    public var maximumValueBytes: Int

    public init(totalBytes: Int, maximumKeys: Int, maximumKeyBytes: Int, maximumValueBytes: Int) {
        self.totalBytes = totalBytes
        self.maximumKeys = maximumKeys
        self.maximumKeyBytes = maximumKeyBytes
        self.maximumValueBytes = maximumValueBytes
    }

    /// `NSUbiquitousKeyValueStore`: 1 MB in all, at most 1,024 keys, keys of at most 64 bytes,
    /// and no value larger than the whole store.
    public static let iCloud = KeyValueStoreLimits(
        totalBytes: 1_048_576, maximumKeys: 1024, maximumKeyBytes: 64, maximumValueBytes: 1_048_576)

    /// Checks setting a value of `valueBytes` under `key`, given the store's current total size and
    /// key count and the size of the value now under `key` (nil if the key is new).
    public func check(
        key: String, valueBytes: Int, replacing existingValueBytes: Int?, totalBytes currentTotal: Int, keys currentKeys: Int
    ) throws(KeyValueQuotaError) {
        let keyBytes = key.utf8.count
        guard keyBytes > 0 else { throw .emptyKey }
        guard keyBytes <= maximumKeyBytes else { throw .keyTooLong(key: key, bytes: keyBytes, limit: maximumKeyBytes) }
        guard valueBytes <= maximumValueBytes else {
            throw .valueTooLarge(key: key, bytes: valueBytes, limit: maximumValueBytes)
        }
        if existingValueBytes == nil && currentKeys + 1 > maximumKeys { throw .tooManyKeys(limit: maximumKeys) }
        let before = existingValueBytes.map { keyBytes + $0 } ?? 0
        let after = currentTotal - before + keyBytes + valueBytes
        guard after <= totalBytes else { throw .totalTooLarge(bytes: after, limit: totalBytes) }
    }
}

/// A write a key-value store refused because it would break one of its limits.
public enum KeyValueQuotaError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyKey
    case keyTooLong(key: String, bytes: Int, limit: Int)
    case valueTooLarge(key: String, bytes: Int, limit: Int)
    case tooManyKeys(limit: Int)
    /// The store would hold `bytes` (keys plus values) against a limit of `limit`.
    case totalTooLarge(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .emptyKey: "a key must not be empty"
        case .keyTooLong(let key, let bytes, let limit): "the key '\(key)' is \(bytes) bytes; the limit is \(limit)"
        case .valueTooLarge(let key, let bytes, let limit): "the value for '\(key)' is \(bytes) bytes; the limit is \(limit)"
        case .tooManyKeys(let limit): "the store already holds its limit of \(limit) keys"
        case .totalTooLarge(let bytes, let limit): "the store would hold \(bytes) bytes; the limit is \(limit)"
        }
    }
}
