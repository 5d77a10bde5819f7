import Dependencies
import Observation

/// The connection banner's model: follows the monitor's readings until ``stop()``.
@MainActor @Observable
public final class NetworkStateModel {
    public private(set) var state: NetworkState = .online

    @ObservationIgnored @Dependency(\.networkMonitor) private var monitor
    @ObservationIgnored private var following: Task<Void, Never>?

    public init() {}

    public var banner: String? { state.banner }

    /// Follows the readings; returns when they end.
    public func follow() async {
        for await reading in monitor.readings() {
            state = NetworkState(reading)
        }
    }

    public func start() {
        guard following == nil else { return }
        following = Task { [weak self] in await self?.follow() }
    }

    public func stop() {
        following?.cancel()
        following = nil
    }
}
