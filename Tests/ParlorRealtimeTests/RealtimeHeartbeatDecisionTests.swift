import ParlorAPI
import Testing

/// When either end of a socket (the hub's watchdog, the client's connection) pings the other
/// and when it gives up on it.
@Suite("Heartbeat decisions")
struct RealtimeHeartbeatDecisionTests {
    typealias Heartbeat = RealtimeHeartbeat

    static func decide(heard: Int, pinged: Int?) -> Heartbeat {
        RealtimeHeartbeat.decide(sinceHeard: .seconds(heard), sincePinged: pinged.map { .seconds($0) }, period: .seconds(20))
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

    @Test func theNextLookIsWhenTheSilenceWouldReachAHeartbeatOrThePingsAnswerIsDue() {
        let start = ContinuousClock.now
        func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }
        func next(now: Int, heard: Int, pinged: Int?) -> ContinuousClock.Instant {
            RealtimeHeartbeat.nextLook(now: at(now), lastHeard: at(heard), pingedAt: pinged.map(at), period: .seconds(20))
        }
        // Heard 5 s ago: look when that silence is 20 s old.
        #expect(next(now: 10, heard: 5, pinged: nil) == at(25))
        // Pinged just now after 20 s of silence: look when the answer is due, which is also
        // when the silence reaches two heartbeats.
        #expect(next(now: 20, heard: 0, pinged: 20) == at(40))
        // A late look never asks for one in the past.
        #expect(next(now: 50, heard: 0, pinged: 20) == at(50))
    }
}
