import Dependencies
import Foundation
import ParlorClient

/// The readings the network state is made of, as a stream: a struct of closures so a test plays
/// its own sequence of readings.
public struct NetworkMonitor: Sendable {
    public var readings: @Sendable () -> AsyncStream<NetworkState.Reading>

    public init(readings: @escaping @Sendable () -> AsyncStream<NetworkState.Reading>) {
        self.readings = readings
    }

    /// Polls the real-time connection and the offline queue every `interval` (the connection
    /// reports no events of its own). The device's network path counts as up: a connection that
    /// cannot be made reads as reconnecting, and on Apple's systems the path monitor is wired by the app.
    public static func polling(
        connection: RealtimeConnection?, queue: OfflineMoveQueue?, interval: Duration = .seconds(1),
        hasNetwork: @escaping @Sendable () async -> Bool = { true }
    ) -> NetworkMonitor {
        NetworkMonitor {
            AsyncStream { continuation in
                let task = Task {
                    @Dependency(\.continuousClock) var clock
                    var last: NetworkState.Reading?
                    var failuresAtConnect = 0
                    while !Task.isCancelled {
                        let connected = await connection?.isConnected ?? false
                        let failures = await connection?.statistics.failedAttempts ?? 0
                        if connected { failuresAtConnect = failures }
                        let reading = NetworkState.Reading(
                            hasNetwork: await hasNetwork(), realtimeConnected: connected, failedAttempts: failures - failuresAtConnect,
                            queuedMoves: await queue?.queued.count ?? 0)
                        if reading != last { continuation.yield(reading) }
                        last = reading
                        try? await clock.sleep(for: interval)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}

extension NetworkMonitor: DependencyKey {
    /// Until the app hands its connection in (`withDependencies`), it reads online.
    public static var liveValue: NetworkMonitor {
        NetworkMonitor { AsyncStream { $0.yield(.init(hasNetwork: true, realtimeConnected: true)) } }
    }

    public static var testValue: NetworkMonitor {
        NetworkMonitor {
            reportIssue("NetworkMonitor.readings is not set in this test")
            return AsyncStream { $0.finish() }
        }
    }
}

extension DependencyValues {
    public var networkMonitor: NetworkMonitor {
        get { self[NetworkMonitor.self] }
        set { self[NetworkMonitor.self] = newValue }
    }
}
