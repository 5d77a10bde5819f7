import Synchronization

/// One timer for all of a hub's connections instead of timers and sleeping tasks per socket (an
/// idle socket should cost neither CPU nor a task): every
/// round closes the connections that did not authenticate in time and those whose client stopped
/// reading, pings those that have been silent for a heartbeat and closes those silent for two
/// (``HubConnection/inspect(at:authenticationTimeout:idleTimeout:heartbeat:)``).
///
/// The rounds start with the hub's first connection and end when the hub shuts down or is gone
/// (it is held weakly, so a hub a test never runs does not live on in its watchdog).
final class HubWatchdog: Sendable {
    private let rounds = Mutex<Task<Void, Never>?>(nil)

    /// Starts the rounds unless they are running.
    func start(for hub: RealtimeHub) {
        rounds.withLock { rounds in
            guard rounds == nil else { return }
            let interval = hub.configuration.watchdogInterval
            rounds = Task { [weak hub] in
                while true {
                    do { try await Task.sleep(for: interval) } catch { return }
                    guard let hub else { return }
                    hub.inspectConnections(at: .now)
                }
            }
        }
    }

    func stop() {
        rounds.withLock { rounds in
            rounds?.cancel()
            rounds = nil
        }
    }
}
