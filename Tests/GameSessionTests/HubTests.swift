import Foundation
import GameCore
import GameSession
import Testing

/// The in-memory hub itself: its faults must be real, bounded and reproducible.
@Suite struct HubTests {
    actor Recorder: SessionPeer {
        var frames: [Int] = []
        var events: [String] = []
        var ticks = 0

        func received(_ frame: Data, from peer: PeerID) async { frames.append(Int(frame[0]) << 8 | Int(frame[1])) }
        func connected(_ peer: PeerID) async { events.append("connected \(peer)") }
        func disconnected(_ peer: PeerID) async { events.append("disconnected \(peer)") }
        func tick() async { ticks += 1 }
    }

    /// Sends 1,000 numbered frames from a to b and returns what b received, in order.
    func deliveries(seed: GameSeed, faults: FaultPlan) async -> (received: [Int], counts: DeliveryCounts) {
        let hub = InMemoryTransportHub(seed: seed, faults: faults)
        let a = Recorder()
        let b = Recorder()
        await hub.attach(a, as: "a")
        await hub.attach(b, as: "b")
        await hub.connect("a", "b")
        let transport = hub.transport(for: "a")
        for number in 0..<1000 {
            await transport.send(Data([UInt8(number >> 8), UInt8(number & 0xff)]), to: "b")
        }
        await hub.run(for: .seconds(2))
        return (await b.frames, await hub.counts)
    }

    @Test func faultsHappenAtAboutTheirRatesAndReorderFrames() async {
        let faults = FaultPlan(dropRate: 0.2, duplicateRate: 0.1, minimumDelay: .milliseconds(10), maximumDelay: .milliseconds(500))
        let (received, counts) = await deliveries(seed: 1, faults: faults)
        #expect((150...250).contains(counts.dropped))
        #expect((50...110).contains(counts.duplicated))
        #expect(received.count == 1000 - counts.dropped + counts.duplicated)
        #expect(Set(received).count < received.count)  // duplicates arrived
        #expect(received != received.sorted())  // and out of order
        #expect(Set(received).isSubset(of: Set(0..<1000)))
    }

    @Test func aPerfectNetworkDeliversEverythingInOrder() async {
        let (received, counts) = await deliveries(seed: 1, faults: .none)
        #expect(received == Array(0..<1000))
        #expect(counts.dropped == 0 && counts.duplicated == 0)
    }

    @Test func theSameSeedGivesTheSameSchedule() async {
        let faults = FaultPlan(dropRate: 0.3, duplicateRate: 0.2, maximumDelay: .milliseconds(300))
        let first = await deliveries(seed: 7, faults: faults).received
        #expect(await deliveries(seed: 7, faults: faults).received == first)
        #expect(await deliveries(seed: 8, faults: faults).received != first)
    }

    @Test func disconnectingTellsBothSidesAndBackgroundSilencesAPeer() async {
        let hub = InMemoryTransportHub(seed: 1)
        let a = Recorder()
        let b = Recorder()
        await hub.attach(a, as: "a")
        await hub.attach(b, as: "b")
        await hub.connect("a", "b")
        await hub.background("b")
        await hub.transport(for: "a").send(Data([0, 1]), to: "b")
        await hub.transport(for: "b").send(Data([0, 2]), to: "a")
        await hub.run(for: .seconds(1))
        #expect(await a.frames.isEmpty)
        #expect(await b.frames.isEmpty)
        #expect(await b.ticks == 0)  // a suspended app does not run
        #expect(await a.ticks == 20)
        await hub.foreground("b")
        await hub.disconnect("b")
        await hub.transport(for: "a").send(Data([0, 3]), to: "b")
        await hub.run(for: .seconds(1))
        #expect(await b.frames.isEmpty)
        #expect(await a.events == ["connected b", "disconnected b"])
        #expect(await b.events == ["connected a", "disconnected a"])
        #expect(await hub.counts.undeliverable == 3)
    }
}
