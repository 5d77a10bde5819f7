import StatsSync

/// A place events are kept: this device's file, the Parlor server, iCloud, Game Center. The
/// manager pulls what it lacks from each available provider, unions it into the local log, and
/// pushes back what each provider lacks.
public protocol StatsProvider: Sendable {
    /// A stable name for status, logs and the cursor the manager keeps for it ("parlor", "icloud-kv").
    var name: String { get }

    /// Whether the provider can be used now (signed in, reachable, entitled).
    func availability() async -> ProviderAvailability

    /// Events the provider holds that a replica whose version is `local` may lack, with the
    /// provider's own version vector. `cursor` is the one returned by the previous fetch (nil on
    /// the first); providers without change tokens ignore it. May return events the caller
    /// already has: union absorbs repeats.
    func fetch(missingFrom local: VersionVector, cursor: String?) async throws -> ProviderSnapshot

    /// Stores `events` (in delivery order). Idempotent by event id. A failure part way may leave a
    /// prefix stored; the next sync pushes the rest.
    func push(_ events: [StatsEvent]) async throws
}

public enum ProviderAvailability: Hashable, Sendable {
    case available
    case unavailable(reason: String)

    public var isAvailable: Bool { self == .available }
}

/// The result of a fetch.
public struct ProviderSnapshot: Sendable {
    public var events: [StatsEvent]
    /// What the provider holds, so the manager can push only what it lacks.
    public var version: VersionVector
    /// To pass to the next fetch.
    public var cursor: String?

    public init(events: [StatsEvent], version: VersionVector, cursor: String? = nil) {
        self.events = events
        self.version = version
        self.cursor = cursor
    }
}

/// Why a provider call failed. `isTransient` failures are retried with backoff.
public enum StatsProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not signed in, no network, no iCloud account.
    case unavailable(String)
    /// The network or the service failed; worth retrying.
    case transient(String)
    /// The provider refused the data (validation, conflicting ids); retrying will not help.
    case rejected(String)
    /// The provider's storage limits would be exceeded.
    case quotaExceeded(String)
    /// Stored data could not be read.
    case corrupt(String)

    public var isTransient: Bool {
        switch self {
        case .transient, .unavailable: true
        case .rejected, .quotaExceeded, .corrupt: false
        }
    }

    public var description: String {
        switch self {
        case .unavailable(let reason): "unavailable: \(reason)"
        case .transient(let reason): "temporary failure: \(reason)"
        case .rejected(let reason): "rejected: \(reason)"
        case .quotaExceeded(let reason): "over quota: \(reason)"
        case .corrupt(let reason): "corrupt data: \(reason)"
        }
    }
}

/// A provider that can also hold this device's projected figures, for a fresh device to show
/// before it has merged any events (the iCloud key-value snapshot). Called after every sync.
public protocol StatsSummaryPublishing: StatsProvider {
    func publishSummary(stats: PuzzleStats?, today: PuzzleDate?, version: VersionVector) async throws
}
