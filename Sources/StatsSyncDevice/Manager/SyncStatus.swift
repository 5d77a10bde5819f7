import StatsSync

/// What the sync status badge shows (the seed's SyncStatusView): syncing, synced at a time, or failed.
public struct SyncStatus: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case idle
        case syncing
        case failed
    }

    public var phase: Phase = .idle
    /// When the last sync that reached every selected provider finished (Unix milliseconds).
    public var lastSynced: Int64?
    /// Why the last sync failed, for the error indicator.
    public var error: String?
    /// The providers in use, best first.
    public var primary: String?
    public var secondary: String?

    public init() {}

    public var isSyncing: Bool { phase == .syncing }
    public var hasError: Bool { phase == .failed }
}

/// What one sync did with each provider.
public struct SyncReport: Hashable, Sendable {
    public struct ProviderOutcome: Hashable, Sendable {
        public var provider: String
        /// Events that were new to this device.
        public var received: Int = 0
        public var pushed: Int = 0
        public var attempts: Int = 0
        public var error: StatsProviderError?

        public init(provider: String, received: Int = 0, pushed: Int = 0, attempts: Int = 0, error: StatsProviderError? = nil) {
            self.provider = provider
            self.received = received
            self.pushed = pushed
            self.attempts = attempts
            self.error = error
        }
    }

    public var outcomes: [ProviderOutcome] = []
    public var conflicts: SyncConflictReport?

    public init(outcomes: [ProviderOutcome] = [], conflicts: SyncConflictReport? = nil) {
        self.outcomes = outcomes
        self.conflicts = conflicts
    }

    public var succeeded: Bool { !outcomes.isEmpty && outcomes.allSatisfy { $0.error == nil } }
}
