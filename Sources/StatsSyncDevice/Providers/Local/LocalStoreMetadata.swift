import Foundation
import StatsSync

/// The local store's small metadata file: which device this installation is, its hybrid clock,
/// and what the sync manager keeps between runs. Replaced atomically on every change.
struct LocalStoreMetadata: Codable, Equatable, Sendable {
    var schema: Int
    var device: DeviceID
    var clock: HybridClock
    /// Per provider name, the cursor its last fetch returned.
    var cursors: [String: String]
    /// When the last sync completed, in Unix milliseconds.
    var lastSynced: Int64?

    init(device: DeviceID) {
        schema = StatsSyncSchema.version
        self.device = device
        clock = HybridClock(device: device)
        cursors = [:]
        lastSynced = nil
    }

    enum CodingKeys: String, CodingKey {
        case schema, device, clock, cursors, lastSynced = "last_synced"
    }

    /// Reads the metadata; `StatsProviderError.corrupt` for anything that is not a usable file.
    static func decode(_ data: Data, path: String) throws -> LocalStoreMetadata {
        let metadata: LocalStoreMetadata
        do {
            metadata = try JSONDecoder().decode(LocalStoreMetadata.self, from: data)
        } catch {
            throw StatsProviderError.corrupt("the stats metadata at \(path) is unreadable: \(error)")
        }
        guard metadata.schema <= StatsSyncSchema.version else {
            throw LocalStoreError.unsupportedSchema(found: metadata.schema, supported: StatsSyncSchema.version)
        }
        guard metadata.schema >= 1, metadata.clock.device == metadata.device else {
            throw StatsProviderError.corrupt("the stats metadata at \(path) is inconsistent")
        }
        return metadata
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
