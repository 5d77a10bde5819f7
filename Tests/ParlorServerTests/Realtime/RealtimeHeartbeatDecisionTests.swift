@testable import ParlorRealtime
import Testing

/// When the hub's watchdog pings a connection and when it gives up on one.
@Suite("Server heartbeat decisions")
struct RealtimeHeartbeatDecisionTests {
    typealias Heartbeat = HubConnection.Heartbeat

    static func decide(heard: Int, pinged: Int?) -> Heartbeat {
        HubConnection.heartbeat(sinceHeard: .seconds(heard), sincePinged: pinged.map { .seconds($0) }, period: .seconds(20))
    }

    @Test func aClientHeardWithinAHeartbeatIsLeftAlone() {
        #expect(Self.decide(heard: 0, pinged: nil) == .none)
        #expect(Self.decide(heard: 19, pinged: nil) == .none)
        #expect(Self.decide(heard: 19, pinged: 100) == .none)
    }

    @Test func aClientSilentForAHeartbeatIsPingedOnce() {
        #expect(Self.decide(heard: 20, pinged: nil) == .ping)
        #expect(Self.decide(heard: 25, pinged: 30) == .ping)
        // Pinged already and still within the second heartbeat: wait for the answer.
        #expect(Self.decide(heard: 25, pinged: 5) == .none)
        #expect(Self.decide(heard: 39, pinged: 19) == .none)
    }

    @Test func aClientSilentForTwoHeartbeatsIsClosed() {
        #expect(Self.decide(heard: 40, pinged: 20) == .close)
        #expect(Self.decide(heard: 40, pinged: nil) == .close)
        #expect(Self.decide(heard: 300, pinged: 1) == .close)
    }
}
