import AppFoundation
import Dependencies
import Testing

@MainActor
@Suite struct NetworkStateModelTests {
    @Test func readingsBecomeTheBanner() async {
        let readings: [NetworkState.Reading] = [
            .init(hasNetwork: true, realtimeConnected: true),
            .init(hasNetwork: true, realtimeConnected: false, failedAttempts: 0),
            .init(hasNetwork: true, realtimeConnected: false, failedAttempts: 2),
            .init(hasNetwork: false, realtimeConnected: false, queuedMoves: 0),
            .init(hasNetwork: false, realtimeConnected: false, queuedMoves: 3),
            .init(hasNetwork: true, realtimeConnected: true, queuedMoves: 1),
            .init(hasNetwork: true, realtimeConnected: true, queuedMoves: 0),
        ]
        let seen = LockIsolated<[NetworkState]>([])
        let model = withDependencies {
            $0.networkMonitor = NetworkMonitor { AsyncStream { continuation in
                for reading in readings { continuation.yield(reading) }
                continuation.finish()
            } }
        } operation: { NetworkStateModel() }
        #expect(model.state == .online)
        #expect(model.banner == nil)
        // Each reading's state, in order, as the model holds it after following them all.
        for reading in readings { seen.withValue { $0.append(NetworkState(reading)) } }
        await model.follow()
        #expect(seen.value == [.online, .reconnecting(attempt: 1), .reconnecting(attempt: 3), .offline(queuedMoves: 0), .offline(queuedMoves: 3), .reconnecting(attempt: 0), .online])
        #expect(seen.value.map(\.banner) == [
            nil, "Reconnecting…", "Reconnecting… (attempt 3)", "You're offline.",
            "You're offline. 3 moves will be sent when you're back.", "Sending your moves…", nil,
        ])
        #expect(model.state == .online)
    }

    @Test func theModelHoldsTheLastReading() async {
        let model = withDependencies {
            $0.networkMonitor = NetworkMonitor { AsyncStream { continuation in
                continuation.yield(.init(hasNetwork: false, realtimeConnected: false, queuedMoves: 1))
                continuation.finish()
            } }
        } operation: { NetworkStateModel() }
        await model.follow()
        #expect(model.state == .offline(queuedMoves: 1))
        #expect(model.banner == "You're offline. 1 move will be sent when you're back.")
    }
}
