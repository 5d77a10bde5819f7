import StatsSync

/// Keeps this device's statistics in step with every provider it can reach.
///
/// A sync picks the primary and secondary providers (the first two available, in the order
/// given), pulls from each what this device lacks, unions it into the local replica, pushes to
/// each what it lacks, and recomputes the statistics. Transient failures are retried with
/// exponential backoff and jitter; a provider that still fails is reported in `status` while the
/// others carry on. Because merging is set union, any interleaving of syncs, failures part way and
/// repeated deliveries converges to the same log.
public actor StatsSyncManager {
    public let replica: any StatsReplica
    public let providers: [any StatsProvider]
    public let retry: RetryPolicy
    public let environment: SyncEnvironment

    public private(set) var status = SyncStatus()
    public private(set) var stats = PuzzleStats()
    public private(set) var settings: [String: String] = [:]
    /// The conflicts found by the last sync that found any, for the conflict screen.
    public private(set) var conflicts: SyncConflictReport?

    private var running: Task<SyncReport, Never>?
    private var observers: [Int: AsyncStream<SyncStatus>.Continuation] = [:]
    private var nextObserver = 0

    public init(
        replica: any StatsReplica, providers: [any StatsProvider], retry: RetryPolicy = .standard,
        environment: SyncEnvironment
    ) {
        self.replica = replica
        self.providers = providers
        self.retry = retry
        self.environment = environment
    }

    /// Status changes, starting with the current status.
    public func statusUpdates() -> AsyncStream<SyncStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self, bufferingPolicy: .bufferingNewest(8))
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.yield(status)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    /// Recomputes the figures from the replica without syncing (after recording a game).
    public func refresh() async {
        let log = await replica.log
        stats = StatsProjection.stats(of: log.events, today: environment.today())
        settings = SettingsProjection.values(of: log.events)
    }

    /// The providers a sync would use now: the first two available.
    public func selectProviders() async -> [any StatsProvider] {
        var selected: [any StatsProvider] = []
        for provider in providers where selected.count < 2 {
            if await provider.availability().isAvailable { selected.append(provider) }
        }
        return selected
    }

    /// Syncs now; a call while a sync is running waits for that one instead of starting another.
    @discardableResult
    public func sync() async -> SyncReport {
        if let running { return await running.value }
        let task = Task { await self.performSync() }
        running = task
        let report = await task.value
        running = nil
        return report
    }

    private func performSync() async -> SyncReport {
        let selected = await selectProviders()
        status.primary = selected.first?.name
        status.secondary = selected.dropFirst().first?.name
        status.phase = .syncing
        publish()

        var report = SyncReport()
        var versions: [Int: VersionVector] = [:]
        for (index, provider) in selected.enumerated() {
            var outcome = SyncReport.ProviderOutcome(provider: provider.name)
            do {
                let snapshot = try await withRetries(&outcome) {
                    try await provider.fetch(missingFrom: await self.replica.log.version, cursor: await self.replica.cursor(for: provider.name))
                }
                try await merge(snapshot, from: provider, into: &report, outcome: &outcome)
                versions[index] = snapshot.version
            } catch {
                outcome.error = Self.providerError(error)
            }
            report.outcomes.append(outcome)
        }
        for (index, provider) in selected.enumerated() {
            guard let version = versions[index] else { continue }
            let missing = await replica.log.events(notCoveredBy: version)
            guard !missing.isEmpty else { continue }
            do {
                try await withRetries(&report.outcomes[index]) { try await provider.push(missing) }
                report.outcomes[index].pushed = missing.count
            } catch {
                report.outcomes[index].error = Self.providerError(error)
            }
        }
        await refresh()
        await publishSummaries(to: selected, report: report)
        finish(report)
        return report
    }

    /// The summary is a convenience for other devices, so a failure to write it fails nothing.
    private func publishSummaries(to selected: [any StatsProvider], report: SyncReport) async {
        let version = await replica.log.version
        for (index, provider) in selected.enumerated() where report.outcomes[index].error == nil {
            guard let publisher = provider as? any StatsSummaryPublishing else { continue }
            try? await publisher.publishSummary(stats: stats, today: environment.today(), version: version)
        }
    }

    private func merge(
        _ snapshot: ProviderSnapshot, from provider: any StatsProvider, into report: inout SyncReport,
        outcome: inout SyncReport.ProviderOutcome
    ) async throws {
        let before = await replica.log
        let fresh = snapshot.events.filter { !before.contains($0.id) }
        // An empty device has nothing to conflict with (and a first sync may bring thousands).
        if !fresh.isEmpty && before.count > 0 {
            let found = ConflictDetector.report(
                local: before, incoming: fresh, remoteVersion: snapshot.version, today: environment.today())
            if !found.isEmpty {
                report.conflicts = found
                conflicts = found
            }
        }
        do {
            outcome.received = try await replica.append(fresh).count
            try await replica.setCursor(snapshot.cursor, for: provider.name)
        } catch {
            throw StatsProviderError.corrupt("the local store could not be written: \(error)")
        }
    }

    private func withRetries<T: Sendable>(
        _ outcome: inout SyncReport.ProviderOutcome, _ operation: () async throws -> T
    ) async throws -> T {
        var attempt = 0
        while true {
            outcome.attempts += 1
            do {
                return try await operation()
            } catch {
                let failure = Self.providerError(error)
                attempt += 1
                guard failure.isTransient, attempt < retry.maxAttempts else { throw failure }
                try await environment.sleep(retry.delay(beforeRetry: attempt - 1, unit: environment.random()))
            }
        }
    }

    private func finish(_ report: SyncReport) {
        let failures = report.outcomes.compactMap { outcome in outcome.error.map { "\(outcome.provider): \($0)" } }
        if report.outcomes.isEmpty {
            status.phase = .failed
            status.error = "no sync provider is available"
        } else if failures.isEmpty {
            status.phase = .idle
            status.error = nil
            status.lastSynced = environment.now()
        } else {
            status.phase = .failed
            status.error = failures.joined(separator: "; ")
        }
        publish()
    }

    private func publish() {
        for continuation in observers.values { continuation.yield(status) }
    }

    private func removeObserver(_ id: Int) { observers[id] = nil }

    static func providerError(_ error: any Error) -> StatsProviderError {
        if let error = error as? StatsProviderError { return error }
        if error is CancellationError { return .transient("cancelled") }
        return .transient("\(error)")
    }
}
