#if os(iOS) || os(macOS) || os(tvOS) || os(visionOS)
    import Foundation

    /// `KeyValueStore` over iCloud's `NSUbiquitousKeyValueStore.default`, for
    /// `KeyValueSnapshotProvider`. The app needs the iCloud key-value storage entitlement, and should
    /// observe `NSUbiquitousKeyValueStore.didChangeExternallyNotification` to start a sync when
    /// another device's keys arrive.
    public struct UbiquitousKeyValueStore: KeyValueStore {
        public let limits = KeyValueStoreLimits.iCloud

        public init() {}

        // Fetched per call, so nothing non-Sendable is stored; Apple documents the class as safe to
        // use from any thread.
        private var store: NSUbiquitousKeyValueStore { .default }

        public func data(forKey key: String) async -> Data? { store.data(forKey: key) }

        /// The real store accepts a write over its quota and discards it later, posting a
        /// quota-violation change; the limits are therefore checked here first, against what the
        /// store holds now. (Sizes of values other than data and strings are estimated.)
        public func set(_ data: Data, forKey key: String) async throws {
            let sizes = store.dictionaryRepresentation.mapValues(Self.byteCount)
            let total = sizes.reduce(0) { $0 + $1.key.utf8.count + $1.value }
            try limits.check(key: key, valueBytes: data.count, replacing: sizes[key], totalBytes: total, keys: sizes.count)
            store.set(data, forKey: key)
        }

        public func removeValue(forKey key: String) async { store.removeObject(forKey: key) }

        public func allKeys() async -> [String] { Array(store.dictionaryRepresentation.keys) }

        /// Only schedules the exchange with iCloud; it does not wait for it.
        public func synchronize() async { _ = store.synchronize() }

        public func availability() async -> ProviderAvailability {
            FileManager.default.ubiquityIdentityToken == nil ? .unavailable(reason: "not signed in to iCloud") : .available
        }

        private static func byteCount(_ value: Any) -> Int {
            switch value {
            case let data as Data: data.count
            case let string as String: string.utf8.count
            default: (try? PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))?.count ?? 0
            }
        }
    }
#endif
